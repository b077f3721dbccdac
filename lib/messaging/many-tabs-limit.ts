/**
 * At most this many tabs per many-tabs job: a window's worth, and a bound on the work one
 * click starts. Apart from the contract so the popup takes it without zod.
 */
export const MAX_TABS = 100;
