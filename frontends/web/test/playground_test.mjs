// Drives the playground page in headless Chromium, served by `koma playground`: a broken line
// gets its diagnostic at the right place, the fix clears it, moves are played by clicking
// (a promotion and a drop), the move list is written in USI, Japanese or Western notation as `koma play`
// writes it, the legal moves the board shows are `koma moves`' own, and perft
// agrees with `koma perft`, counted in a worker while the page stays usable; opened from disk,
// the page counts perft itself and says so; the computer plays a side, in the worker (or, from
// disk, on the page), with legal moves only. Screenshots go to the artifacts folder.
// usage: node playground_test.mjs KOMA WEB_DIR ARTIFACTS_DIR
import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import puppeteer from 'puppeteer-core';

const [koma, webDir, artifacts] = process.argv.slice(2);
if (!artifacts) {
  console.error('usage: node playground_test.mjs KOMA WEB_DIR ARTIFACTS_DIR');
  process.exit(2);
}
mkdirSync(artifacts, { recursive: true });
const chromium = process.env.CHROMIUM ?? '/usr/bin/chromium';
let failures = 0;

function check(condition, what, detail = '') {
  if (condition) {
    console.log(`ok: ${what}`);
  } else {
    failures++;
    console.log(`FAIL: ${what}${detail ? `\n  ${detail}` : ''}`);
  }
}

function komaJson(...args) {
  return JSON.parse(execFileSync(koma, [...args, '--format', 'json'], { encoding: 'utf8' }));
}

// Starts `koma playground` on a free port and returns it with its address.
async function startServer() {
  const server = spawn(koma, ['playground', '--port', '0', '--web', webDir], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (chunk) => {
      out += chunk;
      const found = out.match(/http:\/\/127\.0\.0\.1:\d+\//);
      if (found) resolve(found[0]);
    });
    server.on('exit', (code) => reject(new Error(`koma playground exited with ${code}`)));
  });
  return { server, url };
}

// Sends a raw request line (fetch would tidy "..") and returns the status code.
function rawStatus(url, target) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(`GET ${target} HTTP/1.1\r\nHost: x\r\n\r\n`));
    let answer = '';
    socket.on('data', (d) => { answer += d; });
    socket.on('end', () => resolve(Number(answer.split(' ')[1])));
    socket.on('error', reject);
  });
}

const { server, url } = await startServer();
const browser = await puppeteer.launch({
  executablePath: chromium,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
});
try {
  // ---- The server ----
  const index = await fetch(url);
  check(index.status === 200 && index.headers.get('content-type').startsWith('text/html'), 'the server sends the page as HTML');
  const module = await fetch(`${url}koma-playground.js`);
  check(module.headers.get('content-type').startsWith('text/javascript'), 'the server sends the module as JavaScript');
  check(await rawStatus(url, '/../CMakeCache.txt') === 403, 'the server refuses a path outside its folder');
  check(await rawStatus(url, '/%2e%2e/%2e%2e/etc/passwd') === 403, 'the server refuses an encoded path outside its folder');
  check((await fetch(`${url}missing.html`)).status === 404, 'the server answers 404 for a missing file');

  // ---- The page ----
  const page = await browser.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
  // The module's WebAssembly is inside it as a data: URL; anything else must come from the folder.
  page.on('request', (r) => {
    if (!r.url().startsWith(url) && !r.url().startsWith('data:')) problems.push(`request outside the page: ${r.url().slice(0, 100)}`);
  });
  await page.setViewport({ width: 1400, height: 1000 });
  await page.goto(`${url}#shogi`);
  await page.waitForSelector('body[data-ready=true]', { timeout: 30000 });
  check((await page.$eval('#diagnostics', (e) => e.textContent)).includes('No problems'), 'Shogi compiles without diagnostics');

  // The variant menu names each variant by its title, the one koma draws as the board's title.
  const menuTitle = () => page.$eval('#variant-choice', (e) => e.selectedOptions[0].textContent);
  const boardTitle = () => page.$eval('#board svg title', (e) => e.textContent);
  check(await menuTitle() === await boardTitle() && await menuTitle() !== 'shogi', 'the variant menu shows Shogi\'s title',
    `${await menuTitle()} / ${await boardTitle()}`);
  const menu = await page.$$eval('#variant-choice option', (os) => os.map((o) => [o.value, o.textContent]));
  check(menu.every(([slug, title]) => slug === '' || title !== slug), 'no variant is listed by its slug', JSON.stringify(menu));

  // A broken line: "zone" misspelt in the front matter. The place and code must be koma's own.
  const text = await page.$eval('#editor', (e) => e.value);
  const lines = text.split('\n');
  const line = lines.findIndex((l) => /^ {2}zone: \d+$/.test(l)) + 1;
  check(line > 0, 'the shogi file has a "zone:" line to break');
  const offset = lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0) + 2;
  await page.focus('#editor');
  await page.$eval('#editor', (e, at) => e.setSelectionRange(at, at + 4), offset);
  await page.keyboard.type('zonne');
  await page.waitForFunction(() => document.querySelector('#backdrop mark.error'), { timeout: 5000 });
  const broken = await page.$eval('#editor', (e) => e.value);
  const scratch = path.join(artifacts, 'untitled.md');
  writeFileSync(scratch, broken);
  let expected = [];
  try {
    execFileSync(koma, ['validate', '--format', 'json', scratch], { encoding: 'utf8' });
  } catch (e) {
    expected = JSON.parse(e.stdout);
  }
  const shown = await page.$$eval('#diagnostics li', (items) => items.map((i) => ({
    line: Number(i.dataset.line), column: Number(i.dataset.column), code: i.dataset.code,
    text: i.textContent })));
  check(expected.length > 0 && shown.length === expected.length, 'the page lists the diagnostics koma validate gives',
    JSON.stringify({ expected, shown }));
  const first = expected[0] ?? {};
  check(first.line === line && first.column === 3, `koma places the error at ${line}:3`, JSON.stringify(first));
  check(shown[0]?.line === first.line && shown[0]?.column === first.column && shown[0]?.code === first.code &&
        shown[0]?.text.includes(first.message) && shown[0]?.text.startsWith(`untitled.md:${line}:3: error: `),
        'the diagnostic is listed with its place, message and code, the changed text as untitled.md', JSON.stringify(shown[0]));
  const mark = await page.$eval('#backdrop mark.error', (m) => ({
    line: Number(m.dataset.line), column: Number(m.dataset.column), code: m.dataset.code, text: m.textContent,
    top: m.offsetTop }));
  const lineHeight = 18;
  check(mark.line === line && mark.column === 3 && mark.code === first.code && mark.text.startsWith('zonne'),
    'the editor underlines the misspelt key', JSON.stringify(mark));
  check(Math.abs(mark.top - (6 + (line - 1) * lineHeight)) <= 2, 'the underline is drawn on the broken line', `top ${mark.top}`);
  await page.screenshot({ path: path.join(artifacts, 'diagnostic.png') });

  // The fix clears it.
  await page.$eval('#editor', (e, at) => e.setSelectionRange(at, at + 5), offset);
  await page.keyboard.type('zone');
  await page.waitForFunction(() => document.querySelector('#diagnostics').textContent.includes('No problems'), { timeout: 5000 });
  check(await page.$('#backdrop mark') === null, 'the fix clears the underline');

  // Errors the compiler reports by unwinding (a YAML syntax error, an English phrase it cannot
  // read) are diagnostics too, the same as koma validate's; the page carries on.
  const replaceLine = async (number, text) => {
    await page.$eval('#editor', (e, [n, t]) => {
      const all = e.value.split('\n');
      all[n - 1] = t;
      e.value = all.join('\n');
      e.dispatchEvent(new Event('input'));
    }, [number, text]);
    await new Promise((resolve) => setTimeout(resolve, 400));
  };
  for (const [pattern, replacement, what] of [
    [/^ {2}zone: \d+$/, '  zone: [3', 'a YAML syntax error'],
    [/^\| Pawn \(/, '| Pawn (歩) | 9 | One sqare forward | P |', 'an English phrase koma cannot read'],
  ]) {
    const original = text.split('\n');
    const number = original.findIndex((l) => pattern.test(l)) + 1;
    await replaceLine(number, replacement);
    const edited = await page.$eval('#editor', (e) => e.value);
    writeFileSync(scratch, edited);
    let want = [];
    try {
      execFileSync(koma, ['validate', '--format', 'json', scratch], { encoding: 'utf8' });
    } catch (e) {
      want = JSON.parse(e.stdout);
    }
    const got = await page.$$eval('#diagnostics li', (items) => items.map((i) => `${i.dataset.line}:${i.dataset.column} ${i.dataset.code}`));
    check(want.length > 0 && got.join(',') === want.map((d) => `${d.line}:${d.column} ${d.code}`).join(','),
      `${what} is reported as koma validate reports it (${want[0]?.code} at ${want[0]?.line}:${want[0]?.column})`,
      JSON.stringify({ want, got }));
    await replaceLine(number, original[number - 1]);
  }
  await page.waitForFunction(() => document.querySelector('#diagnostics').textContent.includes('No problems'), { timeout: 5000 });

  // A text pasted over the file is not the bundled file: its diagnostics are untitled.md's.
  await page.$eval('#editor', (e) => {
    e.value = '---\ntitle: Pasted\n---\n\n# Pasted\n';
    e.dispatchEvent(new Event('input'));
  });
  await page.waitForFunction(() => document.querySelector('#diagnostics li.error'), { timeout: 5000 });
  const pasted = await page.$$eval('#diagnostics li.error .where', (ws) => ws.map((w) => w.textContent));
  check(pasted.length > 0 && pasted.every((w) => /^untitled\.md:\d+:\d+$/.test(w)), 'a pasted text\'s diagnostics are labelled untitled.md',
    pasted.join(', '));
  await page.$eval('#editor', (e, t) => { e.value = t; e.dispatchEvent(new Event('input')); }, text);
  await page.waitForFunction(() => document.querySelector('#diagnostics').textContent.includes('No problems'), { timeout: 5000 });

  // ---- Playing by clicking ----
  const clickSquare = (square) => page.click(`#overlay rect[data-square="${square}"]`);
  await clickSquare('7g');
  await clickSquare('7f');
  await clickSquare('3c');
  await clickSquare('3d');
  await clickSquare('8h');
  await clickSquare('2b');
  const choice = await page.$$eval('#choice:not([hidden]) button', (bs) => bs.map((b) => b.dataset.usi));
  check(choice.sort().join(' ') === '8h2b 8h2b+', 'capturing into the zone offers the promotion choice', choice.join(' '));
  await page.screenshot({ path: path.join(artifacts, 'promotion-choice.png') });
  await page.click('#choice button[data-usi="8h2b+"]');
  await clickSquare('3a');
  await clickSquare('2b');
  await page.click('#overlay rect.hand[data-hand="B"][data-side="sente"]');
  await clickSquare('4e');
  const played = ['7g7f', '3c3d', '8h2b+', '3a2b', 'B*4e'];
  const history = await page.$$eval('#history li', (items) => items.map((i) => i.dataset.usi));
  check(history.join(' ') === played.join(' '), 'the clicks played 7g7f 3c3d 8h2b+ 3a2b B*4e', history.join(' '));
  const reference = komaJson('moves', 'shogi', '--moves', ...played);
  check(await page.$eval('#sfen', (e) => e.value) === reference.sfen, 'the SFEN box shows koma\'s SFEN of the position');
  await page.screenshot({ path: path.join(artifacts, 'after-drop.png') });

  // The move list in words: Japanese (☗７六歩) and Western (P-7f) as koma play writes the moves.
  const listText = () => page.$$eval('#history li', (items) => items.map((i) => i.dataset.text));
  for (const notation of ['japanese', 'western']) {
    await page.select('#move-notation', notation);
    const want = komaJson('play', 'shogi', '--notation', notation, '--moves', ...played).notation.moves;
    const got = await listText();
    check(got.join(' ') === want.join(' ') && got.length === played.length,
      `the move list in ${notation} notation is koma play's (${want.slice(0, 3).join(' ')} …)`, got.join(' '));
  }
  check((await listText())[0] === 'P-7f', 'the first move is P-7f in Western notation', (await listText())[0]);
  await page.select('#move-notation', 'japanese');
  check((await listText())[0] === '☗７六歩' && (await listText())[3] === '☖同　銀',
    'the move list shows ☗７六歩 and ☖同　銀 in Japanese notation', (await listText()).join(' '));
  await page.screenshot({ path: path.join(artifacts, 'moves-in-japanese.png') });
  await page.select('#move-notation', 'usi');
  check((await listText()).join(' ') === played.join(' '), 'back in USI the move list is the moves played', (await listText()).join(' '));
  const positionLine = `${reference.moves.length} legal moves in the position`;
  const afterDrop = await page.$eval('#click-time', (e) => e.textContent);
  check(afterDrop === positionLine, `after the drop the line counts the position's ${reference.moves.length} legal moves`, afterDrop);

  // Every legal move the board shows, piece by piece and from hand, is koma's list.
  const squares = await page.$$eval('#overlay rect.square', (rs) => rs.map((r) => r.dataset.square));
  const hands = await page.$$eval('#overlay rect.hand[data-side="gote"]', (rs) => rs.map((r) => r.dataset.hand));
  const shownMoves = new Set();
  for (const origin of [...squares.map((s) => `rect[data-square="${s}"]`), ...hands.map((h) => `rect.hand[data-side="gote"][data-hand="${h}"]`)]) {
    await page.click(`#overlay ${origin}`);
    for (const moves of await page.$$eval('#overlay rect.target', (rs) => rs.map((r) => r.dataset.moves))) {
      for (const m of moves.split(' ')) shownMoves.add(m);
    }
    if (await page.$('#overlay rect.square.selected')) await page.click(`#overlay ${origin}`);
  }
  await clickSquare('3d');
  const pieceTargets = (await page.$$eval('#overlay rect.target', (rs) => rs.map((r) => r.dataset.moves))).join(' ').split(' ');
  const pieceLine = await page.$eval('#click-time', (e) => e.textContent);
  check(pieceLine.startsWith(`${positionLine}; ${pieceTargets.length} for the piece on 3d (`),
    'a selected piece\'s moves are counted as its own, beside the position\'s', pieceLine);
  await clickSquare('3d');
  const listed = [...shownMoves].sort();
  check(listed.join(' ') === [...reference.moves].sort().join(' '), `the board shows koma moves' ${reference.moves.length} legal moves`,
    `shown ${listed.length}: ${listed.join(' ')}`);
  check(await page.$$eval('#history li', (items) => items.length) === 5, 'looking at the moves played none');

  // ---- Perft and undo ----
  await page.select('#perft-depth', '3');
  await page.click('#perft');
  await page.waitForSelector('#perft-nodes', { timeout: 30000 });
  const nodes = Number(await page.$eval('#perft-result', (e) => e.dataset.nodes));
  const perft = komaJson('perft', 'shogi', '3', '--divide', '--moves', ...played);
  check(nodes === perft.nodes, `perft 3 counts koma perft's ${perft.nodes}`, `page: ${nodes}`);
  const divide = await page.$$eval('#divide tr', (rows) => rows.map((r) => [...r.cells].map((c) => c.textContent).join(' ')));
  check(divide.sort().join(',') === perft.divide.map((d) => `${d.move} ${d.nodes}`).sort().join(','), 'the divide is koma perft\'s');
  await page.screenshot({ path: path.join(artifacts, 'perft.png') });

  // A deep count (perft 6 here takes minutes) runs in a worker: the page's timers fire and its board answers clicks while
  // it counts, the count reports its progress, and Cancel stops it.
  await page.select('#perft-depth', '6');
  await page.click('#perft');
  const responsive = await Promise.race([
    page.evaluate(() => new Promise((resolve) => {
      let ticks = 0;
      const timer = setInterval(() => { ticks++; }, 50);
      setTimeout(() => {
        clearInterval(timer);
        resolve({ ticks, result: document.querySelector('#perft-result').textContent });
      }, 1500);
    })),
    new Promise((resolve) => setTimeout(() => resolve(null), 6000)),
  ]);
  check(responsive !== null && responsive.ticks >= 10 && responsive.result.startsWith('counting'),
    'the page\'s timers run while perft 6 counts', JSON.stringify(responsive));
  await page.waitForFunction(() => /of \d+ first moves/.test(document.querySelector('#perft-result').textContent), { timeout: 60000 })
    .then(() => check(true, 'the count reports its progress'), () => check(false, 'the count reports its progress'));
  await clickSquare('7i');
  check(await page.$('#overlay rect.square.selected[data-square="7i"]') !== null &&
        (await page.$eval('#perft-result', (e) => e.textContent)).startsWith('counting'), 'the board answers a click while perft counts');
  await clickSquare('7i');
  await page.screenshot({ path: path.join(artifacts, 'perft-counting.png') });
  const cancel = await page.$('#perft-cancel:not([hidden])');
  if (cancel) await cancel.click();
  check(cancel !== null && await page.$eval('#perft-result', (e) => e.textContent) === 'cancelled' &&
        !await page.$eval('#perft', (e) => e.disabled), 'Cancel stops the count');
  await page.select('#perft-depth', '2');
  await page.click('#perft');
  await page.waitForSelector('#perft-nodes', { timeout: 30000 });
  const perft2 = komaJson('perft', 'shogi', '2', '--moves', ...played);
  check(Number(await page.$eval('#perft-result', (e) => e.dataset.nodes)) === perft2.nodes, 'a count after a cancel is koma perft\'s');
  check(await page.$eval('#perft-row', (e) => !e.parentNode.textContent.includes('opened from disk')),
    'served over http, the page says nothing of counting on the page');
  await page.click('#undo');
  const afterUndo = await page.$$eval('#history li', (items) => items.map((i) => i.dataset.usi));
  check(afterUndo.join(' ') === played.slice(0, 4).join(' '), 'undo takes back the drop');

  // ---- An SFEN typed in, and a checkmate with the rule that ended it ----
  const typed = 'lnsgkgsnl/1r5b1/ppppp1ppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1';
  await page.$eval('#sfen', (e) => { e.value = ''; });
  await page.type('#sfen', typed);
  await page.click('#set-sfen');
  check(await page.$eval('#sfen', (e) => e.value) === komaJson('moves', 'shogi', '--sfen', typed).sfen, 'an SFEN typed in sets the position');
  await page.$eval('#sfen', (e) => { e.value = ''; });
  await page.type('#sfen', 'k8/2G6/P8/9/9/9/9/9/8K b G 1');
  await page.click('#set-sfen');
  await page.click('#overlay rect.hand[data-hand="G"][data-side="sente"]');
  await clickSquare('9b');
  const over = await page.$eval('#game-status', (e) => e.textContent);
  check(/Game over — checkmate: sente wins \(rule at shogi\.md:\d+:\d+\)/.test(over), 'a checkmate ends the game and names its rule', over);
  check(await page.$('#backdrop mark.rule') !== null, 'the rule that ended the game is marked in the editor');
  check(await page.$('#overlay rect.check[data-square="9a"]') !== null, 'the mated king\'s square is marked');
  await page.screenshot({ path: path.join(artifacts, 'checkmate.png') });

  // ---- Another variant: Kyoto's either-face drops and its own notation ----
  check(!(await page.$eval('#explain', (e) => e.textContent)).startsWith('Click'), 'the piece panel shows the piece clicked');
  await page.select('#variant-choice', 'kyoto-shogi');
  await page.waitForFunction(() => document.querySelector('#editor').value.includes('Kyoto'), { timeout: 5000 });
  check(await page.$eval('#explain', (e) => e.textContent) === 'Click a piece to see how it moves.',
    'switching variant clears the old variant\'s piece panel');
  const kyotoStart = komaJson('moves', 'kyoto-shogi');
  const kyotoLine = await page.$eval('#click-time', (e) => e.textContent);
  check(kyotoLine === `${kyotoStart.moves.length} legal moves in the position`,
    `switching variant shows the new position's ${kyotoStart.moves.length} legal moves`, kyotoLine);
  check(await menuTitle() === await boardTitle(), 'the variant menu shows Kyoto Shogi\'s title', await menuTitle());
  const kyotoMoves = ['1e1d+', '1a1b+', '1d1b+', '2a1b+'];
  for (const usi of kyotoMoves) {
    const from = usi.slice(0, 2);
    const to = usi.slice(2, 4);
    await clickSquare(from);
    await clickSquare(to);
    if (await page.$('#choice:not([hidden])')) await page.click(`#choice button[data-usi="${usi}"]`);
  }
  const kyotoHistory = await page.$$eval('#history li', (items) => items.map((i) => i.dataset.usi));
  const kyoto = komaJson('moves', 'kyoto-shogi', '--moves', ...kyotoHistory);
  const handPiece = await page.$$eval('#overlay rect.hand[data-side="sente"]', (rs) => rs.map((r) => r.dataset.hand));
  if (handPiece.length > 0) {
    await page.click(`#overlay rect.hand[data-side="sente"][data-hand="${handPiece[0]}"]`);
    const faces = await page.$$eval('#overlay rect.target', (rs) => rs[0]?.dataset.moves ?? '');
    const expectedFaces = kyoto.moves.filter((m) => m.includes('*') && m.endsWith(faces.split(' ')[0]?.slice(-2)));
    check(faces.split(' ').length === 2 && faces.split(' ').sort().join(' ') === expectedFaces.sort().join(' '),
      'a Kyoto drop may be made with either face', `${faces} / ${expectedFaces.join(' ')}`);
    const target = await page.$eval('#overlay rect.target', (r) => r.dataset.square);
    await clickSquare(target);
    check(await page.$$eval('#choice:not([hidden]) button', (bs) => bs.length) === 2, 'the drop asks which face');
    await page.screenshot({ path: path.join(artifacts, 'kyoto-face-choice.png') });
  } else {
    check(false, 'the Kyoto game put a piece in sente\'s hand', kyotoHistory.join(' '));
  }

  // ---- Against the computer: it answers each move with a legal one, thinking in the worker ----
  await page.select('#variant-choice', 'minishogi');
  await page.waitForFunction(() => document.querySelector('#editor').value.includes('slug: minishogi'), { timeout: 5000 });
  await page.select('#computer-level', '3');
  await page.select('#computer-side', 'gote');
  const historyNow = () => page.$$eval('#history li', (items) => items.map((i) => i.dataset.usi));
  let versus = [];
  let legalReplies = true;
  for (let round = 0; round < 3; round++) {
    // The player's move: the first board move koma lists (asking the choice when there is one).
    const mine = komaJson('moves', 'minishogi', ...(versus.length ? ['--moves', ...versus] : [])).moves.find((m) => !m.includes('*'));
    await clickSquare(mine.slice(0, 2));
    await clickSquare(mine.slice(2, 4));
    if (await page.$('#choice:not([hidden])')) await page.click(`#choice button[data-usi="${mine}"]`);
    versus.push(mine);
    const answered = await page.waitForFunction((n) => document.querySelectorAll('#history li').length === n,
      { timeout: 30000 }, versus.length + 1).then(() => true, () => false);
    const now = await historyNow();
    if (!answered) {
      check(false, `the computer answers move ${round + 1}`, now.join(' '));
      break;
    }
    const reply = now.at(-1);
    const legal = komaJson('moves', 'minishogi', '--moves', ...versus).moves;
    if (!legal.includes(reply)) legalReplies = false;
    versus = now;
  }
  check(legalReplies && versus.length === 6, 'the computer answered three moves with legal moves', versus.join(' '));
  const computerLine = await page.$eval('#computer-status', (e) => e.textContent);
  check(/^the computer \(gote\) played \S+ — .*depth \d+, [\d,]+ nodes/.test(computerLine), 'the page says what the computer played and found',
    computerLine);
  await clickSquare(komaJson('moves', 'minishogi', '--moves', ...versus).moves.find((m) => !m.includes('*')).slice(0, 2));
  check(await page.$('#overlay rect.square.selected') !== null, 'the board answers a click against the computer');
  await page.click('#undo');
  check((await historyNow()).join(' ') === versus.slice(0, 4).join(' '), 'undo against the computer takes back its reply too',
    (await historyNow()).join(' '));
  await page.screenshot({ path: path.join(artifacts, 'computer.png') });
  await page.select('#computer-side', '');

  // The blank template compiles.
  await page.select('#variant-choice', '');
  await page.waitForFunction(() => document.querySelector('#diagnostics').textContent.includes('No problems'), { timeout: 5000 });
  check(true, 'the blank template compiles');
  check(problems.length === 0, 'the page logged no error and fetched nothing from elsewhere', problems.join('\n  '));

  // ---- Opened from disk: no worker can start, so perft counts on the page and says so ----
  const disk = await browser.newPage();
  const diskProblems = [];
  disk.on('pageerror', (e) => diskProblems.push(e.message));
  disk.on('console', (m) => { if (m.type() === 'error') diskProblems.push(m.text()); });
  disk.on('request', (r) => {
    if (!r.url().startsWith('file:') && !r.url().startsWith('data:')) diskProblems.push(`request outside the folder: ${r.url().slice(0, 100)}`);
  });
  await disk.goto(`file://${path.resolve(webDir)}/index.html#minishogi`);
  await disk.waitForSelector('body[data-ready=true]', { timeout: 30000 });
  check(((await disk.$('#perft-note')) && (await disk.$eval('#perft-note', (e) => e.textContent)).includes('opened from disk')) === true,
    'opened from disk, the page says perft counts on the page');
  await disk.select('#perft-depth', '3');
  await disk.click('#perft');
  await disk.waitForSelector('#perft-nodes', { timeout: 30000 });
  const diskPerft = komaJson('perft', 'minishogi', '3');
  check(Number(await disk.$eval('#perft-result', (e) => e.dataset.nodes)) === diskPerft.nodes, `opened from disk, perft 3 counts koma perft's ${diskPerft.nodes}`);
  // The computer thinks on the page here: set to play sente, it moves at once.
  await disk.select('#computer-side', 'sente');
  const diskAnswered = await disk.waitForFunction(() => document.querySelectorAll('#history li').length === 1, { timeout: 30000 })
    .then(() => true, () => false);
  const diskMove = await disk.$$eval('#history li', (items) => items.map((i) => i.dataset.usi));
  check(diskAnswered && komaJson('moves', 'minishogi').moves.includes(diskMove[0]),
    'opened from disk, the computer plays a legal first move on the page', diskMove.join(' '));
  await disk.screenshot({ path: path.join(artifacts, 'from-disk.png') });
  check(diskProblems.length === 0, 'opened from disk, the page logged no error and fetched nothing from elsewhere', diskProblems.join('\n  '));
} finally {
  await browser.close();
  server.kill();
}
console.log(failures === 0 ? 'playground: all checks passed' : `playground: ${failures} check(s) failed`);
process.exit(failures === 0 ? 0 : 1);
