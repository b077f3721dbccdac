/** A placeholder of fixed size shown while data loads, so nothing moves when it arrives. */
export function Skeleton({
  height,
  width = '100%',
  lines = 1,
}: {
  height: string;
  width?: string;
  lines?: number;
}) {
  return (
    <div class="skeleton-group" aria-hidden="true">
      {Array.from({ length: lines }, (_, i) => (
        <div
          key={i}
          class="skeleton"
          style={{ height, width: i === lines - 1 && lines > 1 ? '60%' : width }}
        />
      ))}
    </div>
  );
}
