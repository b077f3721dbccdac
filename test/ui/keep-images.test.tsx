// @vitest-environment happy-dom
/**
 * The access asked for at the Save click: exactly the hosts of the clip's images, and a refusal
 * keeps those images as remote links and says so. The decision alone, then through the hook
 * and the checkbox as the popup renders them.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { useState } from 'preact/hooks';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { KeepImagesOption } from '../../components/KeepImagesOption';
import { decideKeepImages, useKeepImages } from '../../lib/ui/keep-images';
import { installI18n } from './fake-i18n';

const BODY = [
  '![a](https://cdn.example/a.png)',
  '![b](https://cdn.example/b.png)',
  '![c](https://img.other.example/c.jpg)',
  '![local](http://127.0.0.1:8080/d.png)',
  '![plain](http://plain.example/e.png)', // plain http elsewhere: never asked for
  '![inline](data:image/png;base64,iVBORw0KGgo=)', // needs no access
  '![rel](/relative.png)', // not an image Pageclip can fetch
].join('\n\n');
const HOSTS = ['https://cdn.example/*', 'https://img.other.example/*', 'http://127.0.0.1/*'];

let granted: Set<string>;
let requests: string[][];

beforeEach(() => {
  fakeBrowser.reset();
  installI18n('en');
  granted = new Set();
  requests = [];
  vi.spyOn(fakeBrowser.permissions, 'contains').mockImplementation(async (p) =>
    (p.origins ?? []).every((o) => granted.has(o)),
  );
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** The browser's prompt, answered by the user with `answer`. */
const prompt = (answer: boolean) =>
  vi.fn(async (p: { origins?: string[] }) => {
    requests.push(p.origins ?? []);
    if (answer) for (const o of p.origins ?? []) granted.add(o);
    return answer;
  });

describe('Keep images: the decision at Save', () => {
  it('asks for exactly the image hosts; granted or refused, the clip keeps what it can', async () => {
    const ask = async (origins: string[]) => (requests.push(origins), true);
    const on = { on: true, applies: true, patterns: HOSTS };
    expect(await decideKeepImages(on, ask)).toEqual({ keep: true, asked: true, granted: true });
    expect(requests).toEqual([HOSTS]);
    expect(await decideKeepImages(on, async () => false)).toEqual({
      keep: true,
      asked: true,
      granted: false,
    });
    const failing = async (): Promise<boolean> => {
      throw new Error('no user gesture');
    };
    expect(await decideKeepImages(on, failing)).toMatchObject({ keep: true, granted: false });
  });

  it('asks nothing when off, for an addition, or for data: images alone', async () => {
    const ask = async (origins: string[]) => (requests.push(origins), true);
    expect(await decideKeepImages({ on: false, applies: true, patterns: HOSTS }, ask)).toEqual({
      keep: false,
      asked: false,
      granted: false,
    });
    expect(await decideKeepImages({ on: true, applies: false, patterns: HOSTS }, ask)).toEqual({
      keep: false,
      asked: false,
      granted: false,
    });
    expect(await decideKeepImages({ on: true, applies: true, patterns: [] }, ask)).toEqual({
      keep: true,
      asked: false,
      granted: true,
    });
    expect(requests).toEqual([]);
  });
});

/** The clip form's part of the popup: the checkbox, its hint, and Save. */
function Form(props: {
  target: 'new' | 'existing';
  onDecided: (keep: boolean) => void;
  body?: string;
  on?: boolean;
}) {
  const images = useKeepImages(props.on ?? true, props.body ?? BODY, props.target);
  const [saved, setSaved] = useState(false);
  return (
    <div>
      <KeepImagesOption images={images} target={props.target} />
      <button
        onClick={() => {
          void images.decide().then((keep) => {
            props.onDecided(keep);
            setSaved(true);
          });
        }}
      >
        Save
      </button>
      {saved && <p>saved</p>}
    </div>
  );
}

describe('Keep images in the clip form', () => {
  it('Save asks once for exactly the image hosts and, granted, keeps the images', async () => {
    const request = prompt(true);
    Object.assign(fakeBrowser.permissions, { request });
    const decided: boolean[] = [];
    render(<Form target="new" onDecided={(k) => decided.push(k)} />);
    await screen.findByText(/Save asks to read them from cdn\.example, img\.other\.example/);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('saved');
    expect(request).toHaveBeenCalledTimes(1);
    expect(requests).toEqual([HOSTS]);
    expect(decided).toEqual([true]);
    await screen.findByText(/6 images are stored in your service with the page/);
  });

  it('refused: the images stay as links, and the form says so', async () => {
    Object.assign(fakeBrowser.permissions, { request: prompt(false) });
    const decided: boolean[] = [];
    render(<Form target="new" onDecided={(k) => decided.push(k)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('saved');
    expect(requests).toEqual([HOSTS]);
    // Still saved with Keep images: delivery keeps each refused host's image as a link, named
    // "no access" (test/outbox/keep-images.test.ts).
    expect(decided).toEqual([true]);
    await screen.findByText(
      'Access to the image sites was not granted: those images stay as links to their sites.',
    );
  });

  it('added to a page: nothing is asked, and the images stay as links', async () => {
    Object.assign(fakeBrowser.permissions, { request: prompt(true) });
    const decided: boolean[] = [];
    render(<Form target="existing" onDecided={(k) => decided.push(k)} />);
    await screen.findByText(/Added to a page, images stay as links/);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(decided).toEqual([false]));
    expect(requests).toEqual([]);
  });

  it('the page’s embedded images count, need no access, and are named when left out', async () => {
    Object.assign(fakeBrowser.permissions, { request: prompt(true) });
    const body = 'Text\n\n![delta](pageclip-image:1)\n\n![map](pageclip-image:2)';
    const decided: boolean[] = [];
    render(<Form target="new" body={body} onDecided={(k) => decided.push(k)} />);
    await screen.findByText(/^2 images are stored in your service with the page/);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(decided).toEqual([true]));
    expect(requests).toEqual([]);
    cleanup();
    render(<Form target="new" body={body} on={false} onDecided={() => undefined} />);
    await screen.findByText('2 embedded images left out: turn on Keep images to store them.');
    expect((screen.getByRole('checkbox') as HTMLInputElement).disabled).toBe(false);
  });
});
