/** The words "Keep images" shows: the hint by the option, progress, and the outcome. */
import type { ImageProgress, ImageReport } from '../images/report';
import { imageName } from '../images/select';
import { t } from './i18n';
import type { SaveState } from './use-save';
import { patternHost } from './keep-images';

/** The line under the checkbox, or null when nothing needs saying. */
export function keepImagesHint(k: {
  on: boolean;
  count: number;
  missing: string[];
  target: 'new' | 'existing';
  denied: boolean;
  /** The page's `data:` images shown (`pageclip-image:N`): they cannot stay as links. */
  embedded?: number;
}): string | null {
  const embedded = k.embedded ?? 0;
  if (k.target === 'existing') {
    const append = t('keepImagesAppend');
    return embedded > 0 ? `${append} ${t('keepImagesEmbeddedAppend', embedded)}` : append;
  }
  if (k.count === 0) return t('keepImagesNone');
  if (!k.on) return embedded > 0 ? t('keepImagesEmbeddedOff', embedded) : null;
  if (k.denied) return t('keepImagesDenied');
  if (k.missing.length > 0) {
    const hosts = k.missing.map(patternHost);
    const shown =
      hosts.length > 3 ? `${hosts.slice(0, 3).join(', ')} +${hosts.length - 3}` : hosts.join(', ');
    return t('keepImagesAsk', [k.count, shown]);
  }
  return t('keepImagesReady', k.count);
}

/**
 * The images of this save are being fetched or imported right now: the popup shows that
 * progress in place of "Queued" (the first answer's wait is over, but nothing failed).
 */
export function imagesInProgress(state: SaveState): ImageProgress | null {
  if (state.phase !== 'submitted') return null;
  const { entry } = state;
  if (entry.write.kind !== 'create-page' || !entry.write.keepImages) return null;
  return entry.status === 'sending' ? (entry.images ?? null) : null;
}

/** "Saving images… 7 of 12" while the entry is being delivered, or null. */
export function imageProgressText(progress: ImageProgress | undefined): string | null {
  if (!progress) return null;
  if (progress.phase === 'fetching') return t('imagesProgress', [progress.done, progress.total]);
  return t('imagesStoring');
}

/** The outcome: how many the service stores, and each image kept as a link with its reason. */
export function imageReportLines(report: ImageReport | undefined): {
  summary: string;
  links: string[];
} | null {
  if (!report) return null;
  const summary =
    report.links.length === 0
      ? t('imagesStored', report.stored)
      : t('imagesStoredSome', [report.stored, report.links.length]);
  return {
    summary,
    links: report.links.map((l) => `${imageName(l.url)}: ${l.reason}`),
  };
}
