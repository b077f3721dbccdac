/**
 * The on-page confirmation's port name, without zod: the script injected into pages imports it
 * at run time, and only types from `confirmation.ts`, so it carries no schema library.
 */
export const CONFIRMATION_PORT = 'pageclip/confirmation';
