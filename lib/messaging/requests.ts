/**
 * Every request a Pageclip page may send the background, with the schema of its data and of
 * its answer: the router parses both, so a handler can never return a field the contract does
 * not have (such as the token). Declared by concern in the modules spread below.
 */
import type { z } from 'zod';
import { clippingRequests } from './clipping';
import { connectionRequests } from './connection';
import { highlighterRequests } from './highlighter-requests';
import { knownClipRequests } from './known-clips';
import { libraryRequests } from './library';
import { manyTabsRequests } from './many-tabs';
import { notesRequests } from './notes';
import { preferencesRequests } from './preferences';
import { templatesRequests } from './templates';

export const RequestSchemas = {
  ...connectionRequests,
  ...libraryRequests,
  ...clippingRequests,
  ...preferencesRequests,
  ...notesRequests,
  ...knownClipRequests,
  ...manyTabsRequests,
  ...templatesRequests,
  ...highlighterRequests,
} as const;

export type MessageType = keyof typeof RequestSchemas;
export type RequestOf<T extends MessageType> = z.input<(typeof RequestSchemas)[T]['request']>;
export type ParsedRequestOf<T extends MessageType> = z.output<
  (typeof RequestSchemas)[T]['request']
>;
export type ResponseOf<T extends MessageType> = z.output<(typeof RequestSchemas)[T]['response']>;
