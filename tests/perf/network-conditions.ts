/**
 * Chromium DevTools' network presets, as `Network.emulateNetworkConditions` takes them (throughput
 * in bytes per second), for the benches that load a page the way a phone on a slow link would.
 */
const preset = (latencyMs: number, downKbit: number, upKbit: number) => ({
  offline: false,
  latency: latencyMs,
  downloadThroughput: (downKbit * 1000) / 8,
  uploadThroughput: (upKbit * 1000) / 8,
});

/** 'Regular 2G': 300 ms round trip, 250 kbit/s down, 50 kbit/s up. */
export const regular2g = preset(300, 250, 50);
/** 'Regular 3G': 100 ms round trip, 750 kbit/s down, 250 kbit/s up. */
export const regular3g = preset(100, 750, 250);
