/**
 * The page script's connection to the background. Chromium stops an idle service worker after
 * about 30 s and the port closes with it; the link then waits, and the user's next action
 * opens a new port (saying hello again with `resume`, so the background takes the page up where
 * it was) before the action is sent. When no port can be opened (the extension was reloaded
 * or updated: this script is orphaned) or a new one is refused before it answers, the user is
 * told, never left highlighting into nothing.
 */
import type { HighlighterMessage, HighlighterUpdate } from '../messaging/highlighter';

/** What the link uses of `runtime.Port`. */
export interface PortLike {
  postMessage(message: unknown): void;
  disconnect(): void;
  onMessage: { addListener(listener: (message: HighlighterUpdate) => void): void };
  onDisconnect: { addListener(listener: () => void): void };
}

export interface LinkDeps {
  /** `runtime.connect` with the highlighter's port name; throws when the extension is gone. */
  connect(): PortLike;
  /** The hello that opens every port (`resume` is added for the later ones). */
  hello: Extract<HighlighterMessage, { type: 'hello' }>;
  receive(update: HighlighterUpdate): void;
  /** The background cannot be reached. */
  unreachable(): void;
}

export class HighlighterLink {
  private port: PortLike | null = null;
  private opened = 0;
  private stopped = false;

  constructor(private readonly deps: LinkDeps) {}

  /** Opens the first port (the script was just started). */
  start(): void {
    this.open();
  }

  get connected(): boolean {
    return this.port !== null;
  }

  send(message: HighlighterMessage): void {
    if (this.stopped) return;
    if (this.port && this.post(this.port, message)) return;
    // Leaving highlighter mode needs no worker woken for it.
    if (message.type === 'close') return;
    // The worker stopped (or the port broke while posting): a new port, then the message.
    const port = this.open();
    if (!port || !this.post(port, message)) this.fail();
  }

  stop(): void {
    this.stopped = true;
    const port = this.port;
    this.port = null;
    port?.disconnect();
  }

  private open(): PortLike | null {
    let port: PortLike;
    try {
      port = this.deps.connect();
    } catch {
      this.fail();
      return null;
    }
    const resume = this.opened++ > 0;
    let answered = false;
    port.onMessage.addListener((update) => {
      answered = true;
      this.deps.receive(update);
    });
    port.onDisconnect.addListener(() => {
      if (this.port === port) this.port = null;
      // Refused before any answer: this page cannot save through a new port either.
      if (resume && !answered && !this.stopped) this.fail();
    });
    this.port = port;
    if (!this.post(port, resume ? { ...this.deps.hello, resume } : this.deps.hello)) return null;
    return port;
  }

  private post(port: PortLike, message: HighlighterMessage): boolean {
    try {
      port.postMessage(message);
      return true;
    } catch {
      if (this.port === port) this.port = null;
      return false;
    }
  }

  private fail(): void {
    this.port = null;
    this.deps.unreachable();
  }
}
