/**
 * One AbortSignal for a request out of the caller's signal and the request's timeout.
 *
 * `AbortSignal.any` is in Chromium 116+, Firefox 124+ and Node 20.3+; `AbortSignal.timeout` in
 * Chromium 103+, Firefox 100+. Firefox ESR and older engines lack `any`, so there is a small
 * fallback that forwards the first abort and removes its listeners when the request ends
 * (listeners left on a long-lived caller signal would leak one closure per request).
 */

export interface RequestSignal {
  signal: AbortSignal;
  /** True when the request's own timeout fired (and not the caller's signal). */
  timedOut(): boolean;
  /** Stops the timer and detaches listeners; call when the request (body included) is done. */
  dispose(): void;
}

// A cleared timer rather than `AbortSignal.timeout`: the latter cannot be cancelled, so every
// finished request would leave a live 30 s timer behind in the worker.
export function requestSignal(timeoutMs: number, callerSignal?: AbortSignal): RequestSignal {
  const timeout = new AbortController();
  const timer = setTimeout(
    () => timeout.abort(new DOMException(`timed out after ${timeoutMs} ms`, 'TimeoutError')),
    timeoutMs,
  );
  const combined = callerSignal ? anySignal([callerSignal, timeout.signal]) : null;
  const signal = combined ? combined.signal : timeout.signal;
  return {
    signal,
    timedOut: () => timeout.signal.aborted && !(callerSignal?.aborted ?? false),
    dispose: () => {
      clearTimeout(timer);
      combined?.dispose();
    },
  };
}

/** `AbortSignal.any`, with a fallback for engines that do not have it. */
export function anySignal(signals: AbortSignal[]): { signal: AbortSignal; dispose(): void } {
  const native = (AbortSignal as { any?: (s: AbortSignal[]) => AbortSignal }).any;
  if (typeof native === 'function') {
    return { signal: native.call(AbortSignal, signals), dispose: () => {} };
  }
  return anySignalFallback(signals);
}

export function anySignalFallback(signals: AbortSignal[]): {
  signal: AbortSignal;
  dispose(): void;
} {
  const controller = new AbortController();
  const already = signals.find((s) => s.aborted);
  if (already) {
    controller.abort(already.reason);
    return { signal: controller.signal, dispose: () => {} };
  }
  const listeners = signals.map((s) => {
    const onAbort = () => {
      controller.abort(s.reason);
      dispose();
    };
    s.addEventListener('abort', onAbort, { once: true });
    return () => s.removeEventListener('abort', onAbort);
  });
  const dispose = () => listeners.forEach((remove) => remove());
  return { signal: controller.signal, dispose };
}
