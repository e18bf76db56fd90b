export function buildIfStale(options?: { force?: boolean }): void;
export function newestSourceMtime(): number;
