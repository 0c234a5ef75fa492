/** The usage texts: `svcpay --help`, `svcpay help <command>`, `svcpay <command> --help`. */
import { sandboxEventTypes } from '../../embed/server/sandbox.ts';
import { DEFAULT_URL, type Command } from './args.ts';

const SERVER_OPTIONS = `Options:
  --url <url>            the service (default: $SVCPAY_URL, else $SVCPAY_PUBLIC_URL, else
                         http://localhost:$PORT, as the server itself; ${DEFAULT_URL} when none is set)
  --control-token <t>    the server's SVCPAY_CONTROL_TOKEN, when it has one (default: $SVCPAY_CONTROL_TOKEN)
  --json                 print the data as JSON`;

const EXIT_CODES = `Exit codes:
  0  success
  1  the server answered an error (its code and message are printed on stderr)
  2  usage error: unknown command or option, bad duration or event (one line on stderr says the fix)
  3  the server could not be reached (the URL is printed on stderr)`;

const EVENTS = sandboxEventTypes.join(', ');

const MAIN = `svcpay: the svcpay reference server and its sandbox, from the command line

Usage: svcpay [command] [options]

Commands:
  start                       start the reference server: service, sandbox processor, demo shop (the default)
  processor                   start the sandbox processor alone (docs/operator.md, "Several instances")
  clock [show]                print the service time
  clock advance <duration>    move the service clock forward (90s, 15m, 2h, 3d, 1w) and run what fell due
  trigger <event>             make the sandbox processor send a provider event about a payment
                              (--payment-intent <id> or --transaction <id>); events: ${EVENTS}
  merchants create            create a sandbox merchant and print its id and keys
  webhooks tail               print webhook deliveries as they happen, until Ctrl-C (--secret-key)
  mcp                         an MCP server on stdio: the merchant API and the sandbox as tools (--secret-key)
  help [command]              this text, or one command's

${SERVER_OPTIONS}
  -h, --help             usage (also after a command)
  --version              print the version

${EXIT_CODES}
`;

const COMMAND_HELP: Record<Command, string> = {
  start: `Usage: svcpay [start]

Starts the reference server as \`npm start\` does: the service, the sandbox processor beside it and
the demo shop, configured by the environment (docs/operator.md, "Configuration"). Stops on Ctrl-C.
`,
  processor: `Usage: svcpay processor

Starts the sandbox processor alone on PROCESSOR_PORT, for several service instances sharing one
(set SVCPAY_PROCESSOR_SECRET; docs/operator.md, "Several instances"). Stops on Ctrl-C.
`,
  help: `Usage: svcpay help [command]

Prints the usage of svcpay, or of one command.
`,
  clock: `Usage: svcpay clock [show] [options]
       svcpay clock advance <duration> [options]

Reads the service clock, or moves it forward and runs every job that fell due (expiry sweep,
webhook retries, settlements). A duration is a number and a unit: 90s, 15m, 2h, 3d, 1w (or 1h30m).

${SERVER_OPTIONS}
`,
  trigger: `Usage: svcpay trigger <event> --payment-intent <id> [options]
       svcpay trigger <event> --transaction <id> [options]

Makes the sandbox processor send <event> about a captured payment to the service's inbound
webhook, signed, as a real provider would; the service has applied it when this returns.

Events: ${EVENTS}

  --payment-intent <id>  the service's payment intent
  --transaction <id>     or the processor's transaction
${SERVER_OPTIONS}
`,
  merchants: `Usage: svcpay merchants create [options]

Creates a sandbox merchant and prints its id and keys (secret and publishable).

  --environment <env>    sandbox (the default; vp_*_test_* keys) or live (vp_*_live_* keys, no real money)
  --processor <kind>     sandbox (the default), card_element, hosted_fields, vault_hosted_fields,
                         agent_hosted_fields or none
${SERVER_OPTIONS}
`,
  webhooks: `Usage: svcpay webhooks tail --secret-key <vp_sk_…> [options]

Prints every webhook delivery of the merchant as the server records it (time, event type, event
id, endpoint, status, attempt), until Ctrl-C. While it runs it subscribes a receiver of its own on
127.0.0.1 to every event, so events are delivered even to a merchant with no endpoint yet; it
removes that subscription when it stops. The server must run on this machine for the receiver
to be reached (test mode delivers to localhost).

  --secret-key <key>     the merchant's secret key (default: $SVCPAY_SECRET_KEY)
${SERVER_OPTIONS} (one object per line)
`,
  mcp: `Usage: svcpay mcp [options]

Serves the Model Context Protocol on stdin and stdout, for an assistant (Claude Desktop, an IDE) to
add as a command: { "command": "npx", "args": ["svcpay", "mcp"], "env": { "SVCPAY_SECRET_KEY": "vp_sk_test_…" } }.
Its tools are every merchant API operation a secret key may call, named by the contract's
operationId (post_v1_sessions, get_v1_payment_intents_id, post_v1_refunds…), and the sandbox
controls (sandbox_clock_advance, sandbox_faults_set, sandbox_provider_event_trigger,
sandbox_write_freeze_set…). It takes what the Node SDK takes (createSvcPayClient): the key, the
base URL and apiVersion. Card numbers are refused: test cards go in as tok_sandbox_<brand>_<last four>.
Writes carry an Idempotency-Key (made per call unless the tool is given one). Stdout is the
protocol's; one line on stderr says what it serves.

  --secret-key <key>     the merchant's secret key (default: $SVCPAY_SECRET_KEY); required
  --api-version <date>   Svc-Pay-Version on every call, e.g. 2026-04-14 (default: $SVCPAY_API_VERSION,
                         else the server's current version)
  --url <url>            the service (default: $SVCPAY_URL, else ${DEFAULT_URL})
  --control-token <t>    the server's SVCPAY_CONTROL_TOKEN, for the sandbox tools (default: $SVCPAY_CONTROL_TOKEN)
`,
};

export const usage = (command?: Command) => (command ? COMMAND_HELP[command] : MAIN);
