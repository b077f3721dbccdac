import type { ComponentProps } from 'preact';
import { OutboxList } from './OutboxList';

/**
 * The outbox below the forms: the failed clips that need the user first, then those waiting to
 * be saved (retried by themselves), each group with its own heading.
 */
export function OutboxGroups(props: Omit<ComponentProps<typeof OutboxList>, 'group'>) {
  return (
    <>
      <OutboxList group="failed" {...props} />
      <OutboxList group="waiting" {...props} />
    </>
  );
}
