// The package ships no types; only the plugins we use are declared.
declare module '@joplin/turndown-plugin-gfm' {
  import type TurndownService from 'turndown';
  export function strikethrough(service: TurndownService): void;
  export function taskListItems(service: TurndownService): void;
  export function gfm(service: TurndownService): void;
}
