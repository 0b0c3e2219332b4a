/** Content-Disposition with an ASCII fallback and the real (Chinese) name as RFC 5987 filename*. */
export function attachment(name: string) {
  const ext = name.slice(name.lastIndexOf('.'));
  return `attachment; filename="kaoping-export${ext}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
