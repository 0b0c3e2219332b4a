/** Characters Windows and macOS refuse in file names. */
const UNSAFE = /[\\/:*?"<>|\s]+/g;

/** `单位名-投票类型名-测评码纸条.pdf`: the fallback when the server names no file. */
export function pdfName(companyName: string | undefined, voteTypeName: string, what: string): string {
  return `${[companyName, voteTypeName, what]
    .filter((p): p is string => Boolean(p?.trim()))
    .map((p) => p.trim().replace(UNSAFE, '_'))
    .join('-')}.pdf`;
}
