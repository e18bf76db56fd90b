export function buildIfStale(options?: { force?: boolean }): void;
