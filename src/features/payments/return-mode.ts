/**
 * The test-mode simulator's return URL to /{provider}-callback and /{provider}-success carries
 * `mode=test`. Only that exact literal marks the screen; anything else (absent, 'TEST', 'live', a
 * number or boolean the router decoded) reads as a live payment. It only labels the screen: the
 * outcome still comes from the server.
 */
export const returnMode = (value: unknown): 'test' | undefined => (value === 'test' ? 'test' : undefined);
