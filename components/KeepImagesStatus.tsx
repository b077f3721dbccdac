import { imageProgressText, imageReportLines, imagesInProgress } from '../lib/ui/keep-images-text';
import type { SaveState } from '../lib/ui/use-save';

/**
 * A clip with kept images, beside Save: "Saving images… 7 of 12" while they are fetched and
 * imported (in place of "Queued"), then under "Saved" how many the service stores and each
 * one kept as a remote link, named with its reason. Addresses are rendered as text.
 */
export function KeepImagesStatus(props: { state: SaveState }) {
  const { state } = props;
  const progress = imagesInProgress(state);
  if (progress) {
    return (
      <p class="status saving keep-images-progress" role="status">
        <span class="spinner" aria-hidden="true" />
        <span class="status-text">{imageProgressText(progress)}</span>
      </p>
    );
  }
  if (state.phase !== 'submitted' || state.entry.status !== 'saved') return null;
  const { write, result } = state.entry;
  if (write.kind !== 'create-page' || !write.keepImages) return null;
  const report = imageReportLines(result?.images);
  if (!report) return null;
  return (
    <div class="keep-images-status">
      <p>{report.summary}</p>
      {report.links.length > 0 && (
        <ul class="image-links">
          {report.links.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
