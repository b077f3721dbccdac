/**
 * The on-page confirmation's contract (background ↔ the script injected into the tab after a
 * context-menu append or a shortcut). The background injects `confirmation.js` with
 * `scripting.executeScript` and calls it with a `ConfirmationInit`; the script then opens one
 * `runtime.connect` port named `CONFIRMATION_PORT`, says `hello` with the confirmation's id,
 * and from then on receives views and sends `undo` or `close`. The background parses every
 * message from the page with these schemas and accepts a port only from the tab (top frame) it
 * injected that id into. The script holds no token and takes only the types from here (and
 * the port's name from `confirmation-port.ts`).
 */
import { z } from 'zod';

export { CONFIRMATION_PORT } from './confirmation-port';

/** What the confirmation shows: plain text only, rendered with `textContent`. */
export const ConfirmationViewSchema = z.object({
  tone: z.enum(['progress', 'done', 'problem']),
  /** "Added to Reading / Foxes". */
  message: z.string(),
  /** Whether Undo is offered, in progress, or not offered (nothing to undo, or done). */
  undo: z.enum(['available', 'busy', 'hidden']),
  undoLabel: z.string(),
  closeLabel: z.string(),
  /** The region's accessible name ("Pageclip"). */
  label: z.string(),
});
export type ConfirmationView = z.infer<typeof ConfirmationViewSchema>;

export const ConfirmationInitSchema = z.object({
  id: z.uuid(),
  view: ConfirmationViewSchema,
  /** Shown this long after its last change, unless hovered or focused. */
  dismissAfterMs: z.number().int().positive(),
});
export type ConfirmationInit = z.infer<typeof ConfirmationInitSchema>;

/** Page → background, over the port. */
export const ConfirmationMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), id: z.uuid() }),
  z.object({ type: z.literal('undo') }),
  z.object({ type: z.literal('close') }),
]);
export type ConfirmationMessage = z.infer<typeof ConfirmationMessageSchema>;

/** Background → page, over the port. */
export interface ConfirmationUpdate {
  type: 'view';
  view: ConfirmationView;
}
