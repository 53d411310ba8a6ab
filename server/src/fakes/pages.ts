// HTML of the testers' harness and of the mocked Telegram frame. Scripts come from src/harness
// (served by ./index.ts); styles are inline, which the Content-Security-Policy allows for styles only.

const BASE_STYLE = `
  *, *::before, *::after { box-sizing: border-box; }
  html, body { margin: 0; height: 100%; }
  body { font: 15px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  [hidden] { display: none !important; }
`;

export function harnessHtml(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="robots" content="noindex">
<title>Savat test harness</title>
<style>${BASE_STYLE}
  body { background: #f1f2f6; color: #14161a; }
  main { max-width: 520px; margin: 0 auto; padding: 16px 16px 48px; }
  h1 { font-size: 22px; margin: 8px 0 4px; }
  .lead { margin: 0 0 16px; color: #5d6470; font-size: 14px; }
  form { background: #fff; border-radius: 14px; padding: 16px; margin-bottom: 16px; box-shadow: 0 1px 2px rgba(0,0,0,.06); }
  h2 { font-size: 17px; margin: 0 0 12px; display: flex; align-items: center; gap: 8px; }
  h2 .dot { width: 10px; height: 10px; border-radius: 50%; background: #2aabee; }
  #click-form h2 .dot { background: #00a2ff; }
  label { display: block; font-size: 13px; color: #5d6470; margin: 10px 0 4px; }
  input[type=text], input[type=tel], select { width: 100%; font: inherit; padding: 10px 12px; border: 1px solid #d5d8de; border-radius: 10px; background: #fff; color: inherit; min-height: 44px; }
  .row { display: grid; grid-template-columns: 1fr 1fr; gap: 10px; }
  .segmented { display: flex; gap: 6px; }
  .segmented label { flex: 1; margin: 0; }
  .segmented input { position: absolute; opacity: 0; }
  .segmented span { display: block; text-align: center; padding: 10px; border: 1px solid #d5d8de; border-radius: 10px; color: #14161a; font-size: 14px; min-height: 44px; }
  .segmented input:checked + span { border-color: #2aabee; background: #e8f6fd; font-weight: 600; }
  .segmented input:focus-visible + span { outline: 2px solid #2aabee; }
  .check { display: flex; align-items: center; gap: 10px; color: #14161a; font-size: 15px; margin-top: 14px; min-height: 44px; }
  .check input { width: 20px; height: 20px; }
  button[type=submit] { width: 100%; margin-top: 16px; min-height: 48px; border: 0; border-radius: 12px; font-family: inherit; font-size: 16px; font-weight: 600; line-height: 1; background: #2aabee; color: #fff; cursor: pointer; }
  #click-form button[type=submit] { background: #00a2ff; }
  #status { min-height: 1.4em; margin: 0 0 8px; font-size: 14px; color: #5d6470; }
  #status[data-error=true] { color: #c62828; }
  .note { font-size: 12px; color: #5d6470; margin: 8px 0 0; }
</style>
</head>
<body>
<main>
  <h1>Savat test harness</h1>
  <p class="lead">Opens the storefront inside a mocked Telegram or Click with data the server signed. Exists only in development and demo mode.</p>
  <p id="status" role="status" aria-live="polite"></p>

  <form id="tg-form" aria-labelledby="tg-heading">
    <h2 id="tg-heading"><span class="dot" aria-hidden="true"></span>Telegram</h2>
    <label for="tg-brand">Brand</label>
    <select id="tg-brand" name="brand"></select>
    <label for="tg-preset">Telegram user</label>
    <select id="tg-preset"></select>
    <div class="row">
      <div><label for="tg-id">User id</label><input id="tg-id" type="text" inputmode="numeric" pattern="[1-9][0-9]{0,18}" required></div>
      <div><label for="tg-username">Username</label><input id="tg-username" type="text" autocomplete="off"></div>
    </div>
    <div class="row">
      <div><label for="tg-first">First name</label><input id="tg-first" type="text" required></div>
      <div><label for="tg-last">Last name</label><input id="tg-last" type="text"></div>
    </div>
    <div class="row">
      <div>
        <label for="tg-language">Telegram language</label>
        <select id="tg-language">
          <option value="uz">uz</option><option value="ru">ru</option><option value="en">en</option>
          <option value="de">de (not supported)</option>
        </select>
      </div>
      <div>
        <label for="tg-platform">Platform</label>
        <select id="tg-platform">
          <option value="ios">iOS</option><option value="android">Android</option><option value="tdesktop">Desktop</option>
          <option value="macos">macOS</option><option value="weba">Web A</option>
        </select>
      </div>
    </div>
    <label id="tg-theme-label">Theme</label>
    <div class="segmented" role="radiogroup" aria-labelledby="tg-theme-label">
      <label><input type="radio" name="tg-theme" value="light" checked><span>Light</span></label>
      <label><input type="radio" name="tg-theme" value="dark"><span>Dark</span></label>
    </div>
    <label class="check"><input id="tg-phone-required" type="checkbox" checked> Phone verification required</label>
    <label for="tg-phone">Phone the contact popup shares</label>
    <input id="tg-phone" type="tel" autocomplete="off">
    <label for="tg-initdata">initData</label>
    <select id="tg-initdata">
      <option value="signed">Signed by the brand's bot (valid)</option>
      <option value="expired">Signed 25 hours ago (expired)</option>
      <option value="short">Too short (10 characters or fewer)</option>
      <option value="none">Missing</option>
    </select>
    <button type="submit">Open in Telegram</button>
    <p class="note">Without "phone verification required" the account gets a verified phone first. In the frame, "⋯" shows the protocol log.</p>
  </form>

  <form id="click-form" aria-labelledby="click-heading">
    <h2 id="click-heading"><span class="dot" aria-hidden="true"></span>Click</h2>
    <label for="click-brand">Brand</label>
    <select id="click-brand"></select>
    <div class="row">
      <div><label for="click-id">Click user id</label><input id="click-id" type="text" inputmode="numeric" value="55001" required></div>
      <div><label for="click-phone">Phone</label><input id="click-phone" type="tel" value="+998935550101" required></div>
    </div>
    <div class="row">
      <div><label for="click-first">First name</label><input id="click-first" type="text" value="Dilnoza" required></div>
      <div><label for="click-last">Last name</label><input id="click-last" type="text" value="Yusupova"></div>
    </div>
    <div class="row">
      <div>
        <label for="click-language">Click language</label>
        <select id="click-language"><option value="uz">uz</option><option value="ru">ru</option><option value="en">en</option></select>
      </div>
      <div>
        <label for="click-via">Session passed by</label>
        <select id="click-via"><option value="query">?web_session= and cookie</option><option value="cookie">cookie only</option></select>
      </div>
    </div>
    <label for="click-variant">Profile field names</label>
    <select id="click-variant">
      <option value="click">phone_number, name, surname</option>
      <option value="generic">phone, first_name, last_name</option>
    </select>
    <label id="click-theme-label">Theme</label>
    <div class="segmented" role="radiogroup" aria-labelledby="click-theme-label">
      <label><input type="radio" name="click-theme" value="light" checked><span>Light</span></label>
      <label><input type="radio" name="click-theme" value="dark"><span>Dark</span></label>
    </div>
    <button type="submit">Open in Click</button>
  </form>
</main>
<script type="module" src="/api/dev/harness/harness.js"></script>
</body>
</html>`;
}

export function telegramHostHtml(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="robots" content="noindex">
<title>Mocked Telegram</title>
<style>${BASE_STYLE}
  body { display: flex; justify-content: center; background: #e9eef3; overflow: hidden; }
  .shell { display: flex; flex-direction: column; width: 100%; max-width: 480px; height: 100%; height: 100dvh; position: relative; box-shadow: 0 0 24px rgba(0,0,0,.12); }
  header { display: flex; align-items: center; gap: 8px; height: 52px; padding: 0 8px; flex: none; border-bottom: 1px solid rgba(127,127,127,.2); }
  header button { border: 0; background: none; color: inherit; font: inherit; font-weight: 500; padding: 8px 10px; min-height: 44px; min-width: 44px; cursor: pointer; border-radius: 8px; }
  #tg-left { color: #2aabee; }
  #tg-title { flex: 1; text-align: center; font-weight: 600; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
  iframe { flex: 1; width: 100%; border: 0; background: transparent; }
  #tg-bottom { flex: none; padding: 8px 12px calc(8px + env(safe-area-inset-bottom, 0px)); }
  #tg-main { width: 100%; min-height: 48px; border: 0; border-radius: 10px; font-family: inherit; font-size: 16px; font-weight: 600; line-height: 1; display: flex; align-items: center; justify-content: center; gap: 8px; cursor: pointer; text-transform: none; }
  #tg-main:disabled { opacity: .55; cursor: default; }
  #tg-main[data-progress=true] #tg-main-text { opacity: .6; }
  #tg-main[data-progress=true]::before { content: ""; width: 16px; height: 16px; border: 2px solid currentColor; border-right-color: transparent; border-radius: 50%; animation: spin .8s linear infinite; }
  @keyframes spin { to { transform: rotate(1turn); } }
  #tg-contact { position: absolute; inset: 0; background: rgba(0,0,0,.45); display: flex; align-items: flex-end; z-index: 10; }
  #tg-contact-card { width: 100%; padding: 20px 16px calc(16px + env(safe-area-inset-bottom, 0px)); border-radius: 16px 16px 0 0; }
  #tg-contact-card h2 { margin: 0 0 6px; font-size: 18px; }
  #tg-contact-card p { margin: 0 0 16px; opacity: .75; font-size: 14px; }
  #tg-contact-card button { width: 100%; min-height: 48px; border: 0; border-radius: 10px; font-family: inherit; font-size: 16px; font-weight: 600; line-height: 1; margin-top: 8px; cursor: pointer; }
  #tg-contact-share { background: #2aabee; color: #fff; }
  #tg-contact-cancel { background: rgba(127,127,127,.16); color: inherit; }
  #tg-toast { position: absolute; top: 60px; left: 50%; transform: translateX(-50%); background: rgba(0,0,0,.75); color: #fff; padding: 6px 12px; border-radius: 16px; font-size: 13px; pointer-events: none; z-index: 11; }
  #tg-closed { margin: auto; text-align: center; padding: 24px; }
  #tg-closed a { color: #2aabee; }
  #tg-log { position: absolute; left: 0; right: 0; top: 52px; max-height: 45%; overflow: auto; margin: 0; padding: 8px 8px 8px 28px; background: rgba(10,14,20,.92); color: #b9f6ca; font: 11px/1.35 ui-monospace, Menlo, monospace; z-index: 12; }
</style>
</head>
<body>
<div class="shell">
  <header id="tg-header">
    <button id="tg-left" type="button" data-testid="tg-left">✕ Close</button>
    <div id="tg-title"></div>
    <button id="tg-menu" type="button" aria-label="Protocol log" data-testid="tg-menu">⋯</button>
  </header>
  <ol id="tg-log" hidden aria-label="Protocol log"></ol>
  <iframe id="tg-app" title="Mini app" data-testid="tg-app"></iframe>
  <div id="tg-bottom" hidden>
    <button id="tg-main" type="button" data-testid="tg-main-button"><span id="tg-main-text"></span></button>
  </div>
  <div id="tg-contact" hidden role="dialog" aria-modal="true" aria-labelledby="tg-contact-title">
    <div id="tg-contact-card">
      <h2 id="tg-contact-title">Share your phone number?</h2>
      <p>The bot will know your phone number. This can be useful for integration with other services.</p>
      <button id="tg-contact-share" type="button" data-testid="tg-contact-share">Share Contact</button>
      <button id="tg-contact-cancel" type="button" data-testid="tg-contact-cancel">Cancel</button>
    </div>
  </div>
  <div id="tg-toast" hidden role="status"></div>
  <div id="tg-closed" hidden data-testid="tg-closed">
    <p>The mini app was closed.</p>
    <p><a href="/api/dev/harness">Back to the harness</a></p>
  </div>
</div>
<script type="module" src="/api/dev/harness/telegram-host.js"></script>
</body>
</html>`;
}

/**
 * The mocked Telegram's chat with a brand's bot: what the bot sent (the fake Bot API's log), what
 * the customer wrote, its keyboards; Start, a message, a button or the contact button write an
 * update the server hears by long polling, as from Telegram.
 */
export function telegramChatHtml(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="robots" content="noindex">
<title>Mocked Telegram: chat with the bot</title>
<style>${BASE_STYLE}
  body { display: flex; justify-content: center; background: #e9eef3; color: #14161a; }
  .shell { display: flex; flex-direction: column; width: 100%; max-width: 480px; height: 100%; height: 100dvh; background: #c8d9e6; box-shadow: 0 0 24px rgba(0,0,0,.12); }
  header { display: flex; align-items: center; height: 52px; padding: 0 16px; flex: none; background: #fff; font-weight: 600; border-bottom: 1px solid rgba(127,127,127,.2); }
  #chat-log { flex: 1; overflow: auto; margin: 0; padding: 12px; list-style: none; display: flex; flex-direction: column; gap: 8px; }
  .bubble { max-width: 85%; padding: 8px 12px; border-radius: 14px; white-space: pre-wrap; overflow-wrap: anywhere; background: #fff; align-self: flex-start; }
  .bubble.mine { background: #e1ffc7; align-self: flex-end; }
  .inline { display: flex; flex-wrap: wrap; gap: 6px; margin-top: 8px; }
  .inline button, #chat-keyboard button { flex: 1 1 auto; min-height: 40px; border: 0; border-radius: 10px; background: rgba(42,171,238,.14); color: #168acd; font: inherit; font-weight: 600; cursor: pointer; padding: 6px 10px; }
  footer { flex: none; background: #fff; padding: 8px; display: flex; flex-direction: column; gap: 8px; }
  #chat-keyboard { display: flex; flex-wrap: wrap; gap: 6px; }
  form { display: flex; gap: 8px; }
  input { flex: 1; min-height: 44px; border: 1px solid rgba(127,127,127,.35); border-radius: 22px; padding: 0 14px; font: inherit; }
  form button, #chat-start { min-height: 44px; border: 0; border-radius: 22px; background: #2aabee; color: #fff; font: inherit; font-weight: 600; padding: 0 18px; cursor: pointer; }
</style>
</head>
<body>
<div class="shell">
  <header id="chat-title">Bot</header>
  <ol id="chat-log" aria-label="Messages" aria-live="polite"></ol>
  <footer>
    <button id="chat-start" type="button">Start</button>
    <div id="chat-keyboard" hidden role="group" aria-label="Keyboard"></div>
    <form id="chat-form" hidden>
      <label for="chat-input" hidden>Message</label>
      <input id="chat-input" autocomplete="off" placeholder="Message">
      <button type="submit">Send</button>
    </form>
  </footer>
</div>
<script type="module" src="/api/dev/harness/telegram-chat.js"></script>
</body>
</html>`;
}
