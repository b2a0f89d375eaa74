/** A legacy id: digits naming a safe integer (a 20-digit id would round to another id). */
export const legacyId = (value: string | undefined) => (value !== undefined && /^\d+$/.test(value) && Number.isSafeInteger(Number(value)) ? Number(value) : null);
