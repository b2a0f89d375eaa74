import { useCallback, useEffect, useState } from 'react';

export function useLoad<T>(load: () => Promise<T>): [T | null, () => void] {
  const [value, setValue] = useState<T | null>(null);
  const [round, setRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads on request only
  useEffect(() => {
    load().then(setValue, () => {});
  }, [round]);
  return [value, useCallback(() => setRound((r) => r + 1), [])];
}
