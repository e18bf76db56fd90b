import { startSmtpStandIn } from './smtp-stand-in';

/*
 * The SMTP stand-in in a process of its own (tests/perf/campaign-bench.ts): a mail server is another
 * machine's work, so the bench's process spends its time on the queue and the database only. Prints
 * `url smtp://127.0.0.1:PORT`; exits on SIGTERM.
 */
const standIn = await startSmtpStandIn({
  failRatio: Number(process.env.SMTP_FAIL_RATIO ?? 0),
});
process.stdout.write(`url ${standIn.url}\n`);
process.on('SIGTERM', () => {
  void standIn.close().then(() => process.exit(0));
});
