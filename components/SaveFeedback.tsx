import type { PopupData } from '../lib/ui/use-popup-data';
import type { useSave } from '../lib/ui/use-save';
import { SaveStatus } from './SaveStatus';

/**
 * What every save form shows under its button: the form's own validation message, then the
 * save's progress, outcome and Retry (SaveStatus).
 */
export function SaveFeedback(props: {
  invalid: string | null;
  save: ReturnType<typeof useSave>;
  data: PopupData;
}) {
  const { invalid, save, data } = props;
  return (
    <>
      {invalid !== null && (
        <p class="error" role="alert">
          {invalid}
        </p>
      )}
      <SaveStatus
        state={save.state}
        serviceUrl={data.connection.serviceUrl}
        pageLinkTemplate={data.settings.pageLinkTemplate}
        onRetry={() => void save.retry()}
      />
    </>
  );
}
