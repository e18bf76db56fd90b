import { startAiStandIn } from '../../../server/testing/ai-stand-in';
import { startServerProcess } from './server-process';

/**
 * One real server over a fresh data folder and a free port for the whole run, with the AI stand-in
 * as its AI provider, so blog generation runs end to end without a model or a network.
 */
export default async function globalSetup() {
  // Deterministic answers; a spec switches its mode over HTTP (POST /__stand-in/mode) and back.
  const aiStandIn = await startAiStandIn();
  let server;
  try {
    server = await startServerProcess({
      AI_BASE_URL: aiStandIn.baseUrl,
      AI_API_KEY: 'e2e-stand-in-key',
      AI_MODEL: 'stand-in-model',
      // A failing provider is retried once; keep a stuck call well inside a test's time limit.
      AI_TIMEOUT_MS: '10000',
    });
  } catch (error) {
    await aiStandIn.close();
    throw error;
  }

  process.env.E2E_BASE_URL = server.baseURL;
  process.env.E2E_SERVER_LOG = server.logFile;
  // Workers are other processes: they reach the stand-in's control endpoints through this origin.
  process.env.E2E_AI_STAND_IN_URL = aiStandIn.url;

  return async () => {
    await server.dispose();
    await aiStandIn.close();
  };
}
