/**
 * An options-page card whose checkbox is an optional permission itself: it shows what the
 * browser says is granted, and asks or gives back on change (the hooks in
 * `lib/ui/mark-clipped.ts`).
 */
export function PermissionToggleCard(props: {
  id: string;
  toggle: { on: boolean | null; change: (wanted: boolean) => Promise<unknown> };
  label: string;
  hint: string;
}) {
  const { on, change } = props.toggle;
  const labelId = `${props.id}-label`;
  return (
    <section class="card" aria-labelledby={labelId}>
      <label class="check-row" id={labelId}>
        <input
          type="checkbox"
          checked={on === true}
          disabled={on === null}
          onChange={(e) => {
            const wanted = e.currentTarget.checked;
            // Stays as the browser says until it answered (a refusal re-renders nothing).
            e.currentTarget.checked = on === true;
            void change(wanted);
          }}
        />
        <span>{props.label}</span>
      </label>
      <p class="hint">{props.hint}</p>
    </section>
  );
}
