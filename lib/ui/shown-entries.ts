/**
 * Which outbox entries a save feedback on screen is already showing, so the outbox list leaves
 * them out: one clip, one place. Every `useSave` reports its entry to the nearest provider.
 */
import { createContext } from 'preact';
import { useCallback, useMemo, useState } from 'preact/hooks';

export type ReportShown = (owner: object, id: string | null) => void;

export const ShownEntriesContext = createContext<ReportShown>(() => undefined);

/** For the provider: the ids shown now, and the function each save feedback reports with. */
export function useShownEntries(): { shown: string[]; report: ReportShown } {
  const [byOwner, setByOwner] = useState<ReadonlyMap<object, string>>(new Map());
  const report = useCallback<ReportShown>((owner, id) => {
    setByOwner((current) => {
      if ((current.get(owner) ?? null) === id) return current;
      const next = new Map(current);
      if (id === null) next.delete(owner);
      else next.set(owner, id);
      return next;
    });
  }, []);
  const shown = useMemo(() => [...byOwner.values()], [byOwner]);
  return { shown, report };
}
