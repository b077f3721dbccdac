import { tagName } from './dom';

/**
 * React streaming server rendering sends late content as `<div hidden id="S:n">` segments
 * and an inline script (`$RS`/`$RC`) that moves each into the place marked by
 * `<template id="P:n">`, or for a Suspense boundary `<template id="B:n">`, replacing the
 * fallback up to the boundary's closing `<!--/$-->`. In a saved page that script never
 * ran (and we drop scripts), so the walk does the move: it copies the segment where its
 * template stands. The segment itself is dropped later as hidden.
 * https://github.com/facebook/react/blob/main/packages/react-dom-bindings/src/server/fizz-instruction-set/ReactDOMFizzInstructionSetShared.js
 */
export function streamedSegment(template: Element): Element | null {
  const m = /^[PB]:(\d+)$/.exec(template.id);
  if (!m) return null;
  const segment = template.ownerDocument.getElementById(`S:${m[1]}`);
  return segment && tagName(segment) === 'div' && segment.hasAttribute('hidden') ? segment : null;
}
