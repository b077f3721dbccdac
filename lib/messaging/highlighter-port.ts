/**
 * The highlighter's port name and what the page script needs at run time, without zod: the
 * script injected into pages imports only this and types from `highlighter.ts`.
 */
export const HIGHLIGHTER_PORT = 'pageclip/highlighter';
