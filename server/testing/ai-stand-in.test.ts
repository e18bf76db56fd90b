import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** The stand-in as the e2e suite and developers run it: its own process, configured by PORT and MODE. */
let child: ChildProcess;
let url = '';

beforeAll(async () => {
  child = spawn(process.execPath, ['--import', 'tsx', 'server/testing/ai-stand-in.ts'], {
    env: { ...process.env, PORT: '0', MODE: 'ok' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = out.match(/AI_BASE_URL=(\S+)/);
      if (found?.[1]) resolve(found[1]);
    });
    child.once('exit', (code) => reject(new Error(`the stand-in exited with ${code}: ${out}`)));
  });
});
afterAll(async () => {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
});

const chat = () =>
  fetch(`${url}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      model: 'any',
      messages: [{ role: 'user', content: 'Title: Hello\nKeywords: a, b' }],
    }),
  });

describe('the standalone AI stand-in', () => {
  it('logs the AI_BASE_URL to configure and answers chat completions there', async () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    const res = await chat();
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      object: string;
      choices: Array<{ index: number; message: { role: string; content: string }; finish_reason: string }>;
      usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
    };
    expect(body.object).toBe('chat.completion');
    expect(body.choices[0]).toMatchObject({
      index: 0,
      message: { role: 'assistant' },
      finish_reason: 'stop',
    });
    expect(body.choices[0]?.message.content).toMatch(/^# Hello\n[\s\S]*Key ideas: a, b\./);
    expect(body.usage.total_tokens).toBe(body.usage.prompt_tokens + body.usage.completion_tokens);
  });

  it('switches modes and lists what it received through its control routes', async () => {
    const origin = url.replace(/\/v1$/, '');
    const set = await fetch(`${origin}/__stand-in/mode`, {
      method: 'POST',
      body: JSON.stringify({ mode: 'error' }),
    });
    expect(set.status).toBe(204);
    expect((await chat()).status).toBe(500);
    expect(
      (await fetch(`${origin}/__stand-in/mode`, { method: 'POST', body: '{"mode":"nope"}' })).status,
    ).toBe(400);
    await fetch(`${origin}/__stand-in/mode`, { method: 'POST', body: JSON.stringify({ mode: 'ok' }) });
    expect((await chat()).status).toBe(200);

    const requests = (await (await fetch(`${origin}/__stand-in/requests`)).json()) as unknown[];
    expect(requests.length).toBeGreaterThanOrEqual(3);
  });
});
