/**
 * Chinese portals end a title with their own name, often after the channel's, joined with no
 * words between: "…人工智能迈上新台阶_科技_腾讯网", "…后果很严重 _探索者 _光明网",
 * "…才有英雄的城！-新华网", "蔡健雅_百度百科". The portal's name ends in 网 ("net") or 百科
 * ("encyclopedia"), so it is known without a declared site name (few of them declare one); it
 * goes with the short channel names joined to it by underscores, and names the clip's site.
 */

const PORTAL = /^[\p{Script=Han}A-Za-z0-9]{1,10}(?:网|網|百科)$/u;
const CHANNEL = /^\p{Script=Han}{1,6}$/u;
const PART = /\s*([_-])\s*([^\s_-]+)\s*$/u;
/** What must stay of the title: a name (two Han characters) or more than a short word. */
const enough = (rest: string) =>
  /\p{Script=Han}.*\p{Script=Han}/u.test(rest) || rest.trim().length >= 4;

/** The title without the portal's tail, and the portal's name; null when it has none. */
export function splitPortalTail(title: string): { title: string; portal: string } | null {
  let match = PART.exec(title);
  if (!match || !PORTAL.test(match[2]!)) return null;
  const portal = match[2]!;
  let rest = title.slice(0, match.index);
  // Channels join the portal's name with underscores ("_科技_腾讯网"), never with a hyphen.
  while ((match = PART.exec(rest)) && match[1] === '_' && CHANNEL.test(match[2]!)) {
    const shorter = rest.slice(0, match.index);
    if (!enough(shorter)) break;
    rest = shorter;
  }
  return enough(rest) ? { title: rest.trim(), portal } : null;
}

export function withoutPortalTail(title: string): string {
  return splitPortalTail(title)?.title ?? title;
}
