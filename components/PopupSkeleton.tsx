import { t } from '../lib/ui/i18n';
import { Skeleton } from './Skeleton';

/** The first frame: the shape of the form at its final size, so nothing jumps when data arrives. */
export function PopupSkeleton() {
  return (
    <div class="panel" aria-busy="true" aria-label={t('loading')}>
      <Skeleton height="36px" />
      <Skeleton height="34px" />
      <Skeleton height="34px" />
      <Skeleton height="56px" />
      <Skeleton height="136px" />
      <Skeleton height="34px" />
      <Skeleton height="40px" width="40%" />
    </div>
  );
}
