// localStorage can throw (Safari private mode, a full quota, storage blocked by policy). The voter
// must still be able to vote then, so a value the browser refused is kept in memory for this page's
// life instead; memory is never consulted while the browser's storage works.
const memory = new Map<string, string>();

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function readText(key: string): string | null {
  try {
    const s = storage();
    if (s) return s.getItem(key) ?? memory.get(key) ?? null;
  } catch {
    // Unreadable storage: fall through to memory.
  }
  return memory.get(key) ?? null;
}

export function readJson<T>(key: string): T | null {
  const text = readText(key);
  if (text === null) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

/** Stores a value; false when only memory has it (it will not survive a reload). */
export function writeJson(key: string, value: unknown): boolean {
  const text = JSON.stringify(value);
  try {
    const s = storage();
    if (s) {
      s.setItem(key, text);
      memory.delete(key);
      return true;
    }
  } catch {
    // Refused (quota, private mode): keep it in memory below.
  }
  memory.set(key, text);
  return false;
}

export function removeKey(key: string) {
  memory.delete(key);
  try {
    storage()?.removeItem(key);
  } catch {
    // Nothing to do: the memory copy is gone, the stored one could not be reached anyway.
  }
}
