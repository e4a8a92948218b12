#!/usr/bin/env node
// Prerenders the first screen of `/` and `/auth/login` into their own HTML files (decision 100).
//
// Runs after `vite build` (web package's `build` script, before compress-assets.mjs). It serves
// `dist/` on a free port of 127.0.0.1 with the SPA fallback, holds every `/api` request open (so
// the page stays in the state of the app's first commit: nothing fetched yet), opens each page in
// Chromium, and writes `dist/prerendered/<path>.html`: `dist/index.html` with the rendered
// `#root` and the page's title, and the app's scripts loaded by a boot script after the first
// paint (see bootScript). The markup is what the app itself renders in a browser, so the
// first commit of `createRoot` replaces it with the same boxes (no layout shift). The server sends
// these files for exactly these paths (apps/server/src/plugins/static.ts); every other page path
// still gets the empty `index.html`.
//
// Chromium: CHROME_PATH, else /usr/bin/chromium, else Playwright's own. With none, the step says
// so and writes nothing: the pages then render from JS alone, as before, and the build goes on.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The pages a visitor opens first, and where their HTML goes (relative to dist). */
const PRERENDERED_PAGES = [
  { path: '/', file: 'prerendered/index.html' },
  { path: '/auth/login', file: 'prerendered/auth/login.html' },
  // The signed-in homes and the student's course page (issue 25): the shell and the skeletons of
  // the final layout are the same for every visitor of that role; the name (heading, avatar
  // initials) is filled in from the stored session before the first paint (sessionScript).
  // Anyone else gets the shell hidden until the app sends them on. A file name's `[param]` is a
  // path segment of any value (apps/server/src/plugins/static.ts): the course page is captured
  // at a course id nobody has, its reads held open.
  // `match`: the paths the page serves, for the hint that preloads its `chunk` (signedInHint).
  {
    path: '/dashboard',
    file: 'prerendered/dashboard.html',
    session: 'student',
    match: '^/dashboard$',
    chunk: 'src/routes/_authenticated/_student/dashboard.tsx?tsr-split=component',
  },
  {
    path: '/courses/00000000-0000-4000-8000-00000000c0de',
    file: 'prerendered/courses/[courseId].html',
    session: 'student',
    match: '^/courses/([^/]+)$',
    // `match`'s groups, in order, and the value each had at capture (replaced in the reads).
    params: [['courseId', '00000000-0000-4000-8000-00000000c0de']],
    // The page's largest text is its heading, the course's code and title: the shell writes it
    // (and the line under it) from its early read of the course, as the app will (decision 132).
    fill: {
      read: '/api/v1/student/courses/{courseId}',
      heading: 'data.course.code + " \u00b7 " + data.course.title',
      description: 'data.course.term + " \u00b7 " + data.course.organization.name',
    },
    chunk: 'src/routes/_authenticated/_student/courses/$courseId.tsx?tsr-split=component',
  },
  {
    path: '/admin/dashboard',
    file: 'prerendered/admin/dashboard.html',
    session: 'admin',
    match: '^/admin/dashboard$',
    chunk: 'src/routes/_authenticated/admin/dashboard.tsx?tsr-split=component',
  },
  {
    path: '/s/dashboard',
    file: 'prerendered/s/dashboard.html',
    session: 'superadmin',
    match: '^/s/dashboard$',
    chunk: 'src/routes/_authenticated/s/dashboard.tsx?tsr-split=component',
  },
];

/** The role of each prerendered session, as the stored session names it. */
const SESSION_ROLES = { student: 'STUDENT', admin: 'ORG_ADMIN', superadmin: 'SUPERADMIN' };

/**
 * The session the signed-in pages are captured with: a student whose name is a marker, replaced in
 * the markup by an element whose text is the visitor's own name (decision 100). The token is never
 * sent (every /api request is held open) and does not expire for the capture's minute.
 */
const MARKER_NAME = '\u03d8prerender \u03dename';
const MARKER_INITIALS = '\u03d8\u03de';
const captureSession = (session) =>
  JSON.stringify({
    state: {
      user: {
        id: '00000000-0000-4000-8000-000000000000',
        fullname: MARKER_NAME,
        email: 'prerender@example.invalid',
        avatar: null,
        role: SESSION_ROLES[session],
        token: 'prerender',
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      },
      isAuthenticated: true,
      userProfile: null,
    },
    version: 0,
  });

const ROOT_PLACEHOLDER = '<div id="root"></div>';
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

const here = dirname(fileURLToPath(import.meta.url));
const dist = resolve(process.argv[2] ?? join(here, '..', 'dist'));

function fail(message) {
  console.error(`prerender: ${message}`);
  process.exit(1);
}

async function findChromium() {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium'].filter(Boolean);
  for (const path of candidates) if (existsSync(path)) return { executablePath: path };
  try {
    const { chromium } = await import('@playwright/test');
    const bundled = chromium.executablePath();
    if (bundled && existsSync(bundled)) return {};
  } catch {
    // Playwright without its browser.
  }
  return null;
}

/** dist over HTTP: files as they are, page paths get index.html, /api is never answered. */
function serveDist(template) {
  const held = new Set();
  const server = createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? '/').split('?')[0]);
    if (path === '/api' || path.startsWith('/api/')) {
      held.add(res);
      res.on('close', () => held.delete(res));
      return;
    }
    const file = normalize(join(dist, path));
    if (extname(path) && file.startsWith(dist) && existsSync(file) && statSync(file).isFile()) {
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(readFileSync(file));
      return;
    }
    if (extname(path)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES['.html'] });
    res.end(template);
  });
  return new Promise((resolvePort) => {
    server.listen(0, '127.0.0.1', () =>
      resolvePort({
        port: server.address().port,
        close: () => {
          for (const res of held) res.destroy();
          return new Promise((done) => server.close(done));
        },
      }),
    );
  });
}

/** The page's #root once it has rendered and stopped changing, and its title. */
async function capture(browser, url, session) {
  const context = await browser.newContext({ colorScheme: 'light', serviceWorkers: 'block' });
  try {
    if (session) {
      await context.addInitScript((value) => {
        globalThis.localStorage.setItem('auth-storage', value);
      }, captureSession(session));
    }
    const page = await context.newPage();
    const errors = [];
    // The reads the app starts on this page (held open by serveDist), in order: the shell's early
    // reads (earlyReads) are exactly these. The live stream is a connection, not a read.
    const reads = [];
    page.on('request', (request) => {
      const { pathname, search } = new URL(request.url());
      const path = `${pathname}${search}`;
      if (request.method() !== 'GET' || request.resourceType() !== 'fetch') return;
      if (!pathname.startsWith('/api/') || pathname === '/api/v1/events') return;
      if (!reads.includes(path)) reads.push(path);
    });
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForSelector('#root main h1', { timeout: 30_000 });
    let html = '';
    for (let attempt = 0; attempt < 20; attempt++) {
      await page.waitForTimeout(250);
      const next = await page.evaluate(
        () => globalThis.document.getElementById('root')?.innerHTML ?? '',
      );
      if (next === html) break;
      html = next;
    }
    const title = await page.title();
    if (errors.length > 0) fail(`${url} logged errors while rendering: ${errors.join(' | ')}`);
    return { html, title, reads };
  } finally {
    await context.close();
  }
}

/**
 * The prerendered page is visible from its HTML and CSS alone, so the app's modules start loading
 * once it has painted, not in the same round trips as the stylesheet: the page's head carries a
 * small deferred boot script (an external file, as the CSP allows only 'self' scripts) instead of
 * the entry's `<script type="module">` and modulepreloads; the boot script adds the same tags,
 * in the same order, after the first frame (at once in a hidden tab, where frames do not run).
 */
function bootScript(template, extra = []) {
  const entry = template.match(/<script type="module" crossorigin src="([^"]+)"><\/script>\s*/);
  if (!entry) fail('dist/index.html has no module entry script');
  const preloads = [
    ...template.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g),
  ];
  const code = `// Generated by scripts/prerender.mjs (decision 100): loads the app after the first paint.
(function () {
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var files = ${JSON.stringify([...preloads.map((m) => m[1]), ...extra])};
    var next = 0;
    // Each appended modulepreload costs the main thread about 2 ms (7 ms on a slow phone): in one
    // go that is a long task; in slices of a few milliseconds the page stays responsive.
    function slice() {
      var began = Date.now();
      while (next < files.length && Date.now() - began < 4) {
        var link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = files[next++];
        document.head.appendChild(link);
      }
      if (next < files.length) return void setTimeout(slice, 0);
      var script = document.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      script.src = ${JSON.stringify(entry[1])};
      document.head.appendChild(script);
    }
    slice();
  }
  if (document.visibilityState !== 'visible') return start();
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
  // Should no frame come (a tab hidden meanwhile), the app starts anyway.
  setTimeout(start, 1000);
})();
`;
  const file = `assets/boot-${createHash('sha256').update(code).digest('hex').slice(0, 10)}.js`;
  writeFileSync(join(dist, file), code);
  let html = template.replace(entry[0], '');
  for (const m of preloads) html = html.replace(m[0], '');
  html = html.replace('</head>', `  <script defer src="/${file}"></script>\n  </head>`);
  if (/<script type="module"|rel="modulepreload"/.test(html)) fail('module tags left in the page');
  return { html, file };
}

const escapeHtml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A signed-in visitor's page opened without its prerendered file (another page of the area, or
 * the app's own navigation) still has known code: the signed-in layout and, on the prerendered
 * pages' paths, that page's chunk. `dist/index.html` gets a small script that, when the stored
 * session says signed in, adds modulepreloads for those chunks at once, instead of after the
 * entry has run and the router has matched (one round of requests less before the first paint).
 * Signed out, or on another path, it adds only the layout, or nothing.
 */
const SIGNED_IN_LAYOUT = ['src/routes/_authenticated/route.tsx?tsr-split=component'];
const HINT_TAG = /\s*<script src="\/assets\/signed-in-[^"]+"><\/script>/g;

// Parser-blocking like the color-scheme script it follows, so it runs (and the chunks start) before
// the entry's module script is even fetched: a deferred script is fetched last, at low priority.
const COLOR_SCHEME_TAG = '<script src="/color-scheme.js"></script>';

/** Each signed-in prerendered page's files to preload (layout first), by its path. */
function signedInHint(template) {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
  const entrySet = new Set();
  const walk = (key, into) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) walk(imported, into);
  };
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  walk(entryKey, entrySet);
  const filesOf = (keys) => {
    const files = new Set();
    for (const key of keys) {
      if (!manifest[key]) fail(`the manifest has no ${key}`);
      walk(key, files);
    }
    return [...files].filter((file) => !entrySet.has(file)).map((file) => `/${file}`);
  };
  const layout = filesOf(SIGNED_IN_LAYOUT);
  const pages = PRERENDERED_PAGES.filter((page) => page.session).map((page) => ({
    path: page.path,
    match: page.match,
    chunk: page.chunk,
    files: filesOf([page.chunk]).filter((f) => !layout.includes(f)),
  }));
  const code = `// Generated by scripts/prerender.mjs (decision 100): a signed-in page's chunks, preloaded.
(function () {
  var signedIn = false;
  try {
    var stored = JSON.parse(window.localStorage.getItem('auth-storage') || 'null');
    signedIn = Boolean(stored && stored.state && stored.state.isAuthenticated);
  } catch (error) {
    signedIn = false;
  }
  var path = window.location.pathname;
  if (!signedIn || path === '/' || path.indexOf('/auth/') === 0) return;
  var files = ${JSON.stringify(layout)};
  var pages = ${JSON.stringify(pages.map(({ match, files }) => [match, files]))};
  for (var p = 0; p < pages.length; p++) {
    if (new RegExp(pages[p][0]).test(path)) files = files.concat(pages[p][1]);
  }
  for (var i = 0; i < files.length; i++) {
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = files[i];
    document.head.appendChild(link);
  }
})();
`;
  const file = `assets/signed-in-${createHash('sha256').update(code).digest('hex').slice(0, 10)}.js`;
  writeFileSync(join(dist, file), code);
  const html = template
    .replace(HINT_TAG, '')
    .replace(COLOR_SCHEME_TAG, `${COLOR_SCHEME_TAG}\n    <script src="/${file}"></script>`);
  if (!html.includes(file)) fail(`dist/index.html has no ${COLOR_SCHEME_TAG}`);
  writeFileSync(join(dist, 'index.html'), html);
  console.log(
    `prerender: index.html preloads the layout's ${layout.length} chunks when signed in, and ${pages
      .map((page) => `${page.files.length} more on ${page.path}`)
      .join(', ')}`,
  );
  // A page's stylesheets: the CSS of every chunk it loads, less the entry's (already linked).
  const cssOf = (keys) => {
    const js = new Set();
    for (const key of keys) walk(key, js);
    const entryCss = new Set(manifest[entryKey].css ?? []);
    const css = Object.values(manifest)
      .filter((chunk) => js.has(chunk.file))
      .flatMap((chunk) => chunk.css ?? [])
      .filter((file) => !entryCss.has(file));
    return [...new Set(css)].map((file) => `/${file}`);
  };
  return new Map(
    pages.map((page) => [
      page.path,
      { js: [...layout, ...page.files], css: cssOf([...SIGNED_IN_LAYOUT, page.chunk]) },
    ]),
  );
}

/**
 * The head script of a page prerendered signed in (parser-blocking, after color-scheme.js, so it
 * runs before the body is parsed and painted). For a signed-in student it sets the visitor's name
 * and initials as CSS variables that the marker elements show (src/app/prerendered-session.css);
 * for anyone else it marks the document, and the prerendered shell stays hidden until the app
 * sends them where they belong.
 */
function sessionScript({ session, match, params = [], fill }, reads) {
  const role = SESSION_ROLES[session];
  const code = `// Generated by scripts/prerender.mjs (decision 100): the signed-in shell, for this visitor.
(function () {
  var html = document.documentElement;
  var user = null;
  try {
    var stored = JSON.parse(window.localStorage.getItem('auth-storage') || 'null');
    if (stored && stored.state && stored.state.isAuthenticated) user = stored.state.user;
  } catch (error) {
    user = null;
  }
  if (!user || typeof user.fullname !== 'string' || user.role !== ${JSON.stringify(role)}) {
    html.setAttribute('data-prerender-session', 'off');
    return;
  }
  function cssString(text) {
    return '"' + text.replace(/[\\\\"]/g, '\\\\$&').replace(/[\\n\\r\\f]/g, ' ') + '"';
  }
  var parts = user.fullname.trim().split(/\\s+/).filter(Boolean);
  var first = parts.length > 0 ? parts[0].charAt(0) : '';
  var last = parts.length > 1 ? parts[parts.length - 1].charAt(0) : '';
  html.style.setProperty('--prerender-name', cssString(user.fullname));
  html.style.setProperty('--prerender-initials', cssString((first + last).toUpperCase() || '?'));
${earlyReads(match, params, fill, reads)}})();
`;
  const file = `assets/session-${createHash('sha256').update(code).digest('hex').slice(0, 10)}.js`;
  writeFileSync(join(dist, file), code);
  return file;
}

/**
 * The page's reads, started from its head (decision 132): the same GETs, with the same headers,
 * that the app sends on this page (recorded at capture, a captured id replaced by the visitor's
 * from the path), so they travel while the app's code downloads instead of after it has run. The
 * app takes each answer instead of asking again (src/lib/early-reads.ts), when it would send the
 * same token, within 30 s. Not when the token is about to expire (the app renews it first), nor
 * for an id that is not a UUID (the app answers "not found" without asking). With `fill`, the
 * shell's heading and the line under it are written from one read's answer, as the app will.
 */
function earlyReads(match, params, fill, reads) {
  if (reads.length === 0) return '';
  const templates = reads.map((path) =>
    params.reduce((out, [name, value]) => out.split(value).join(`{${name}}`), path),
  );
  if (fill && !templates.includes(fill.read)) fail(`the page does not read ${fill.read}`);
  return `  // The page's reads, from its head (decision 132).
  var token = typeof user.token === 'string' ? user.token : '';
  var expires = 0;
  try {
    var part = token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
    expires = JSON.parse(atob(part + '===='.slice(part.length % 4 || 4))).exp * 1000;
  } catch (error) {
    return;
  }
  if (!(expires > Date.now() + 30000)) return;
  var found = new RegExp(${JSON.stringify(match)}).exec(window.location.pathname);
  if (!found) return;
  var names = ${JSON.stringify(params.map(([name]) => name))};
  var values = {};
  for (var n = 0; n < names.length; n++) {
    var value = decodeURIComponent(found[n + 1]);
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)) return;
    values[names[n]] = value;
  }
  function urlOf(template) {
    var path = template.replace(/\\{(\\w+)\\}/g, function (whole, name) {
      return values[name];
    });
    return new URL(path, window.location.href).toString();
  }
  var templates = ${JSON.stringify(templates)};
  var started = {};
  for (var r = 0; r < templates.length; r++) {
    var url = urlOf(templates[r]);
    started[url] = fetch(url, {
      headers: { Accept: 'application/json', Authorization: 'Bearer ' + token },
      credentials: 'include',
    });
  }
  window.__teamupEarlyReads = { token: token, at: Date.now(), reads: started };
${
  fill
    ? `  started[urlOf(${JSON.stringify(fill.read)})]
    .then(function (response) {
      return response.ok ? response.clone().json() : null;
    })
    .then(function (body) {
      var data = body && body.data;
      if (!data) return;
      var heading = ${fill.heading};
      var description = ${fill.description};
      // New elements, not new text in the old ones: what the visitor now reads is the page's
      // content, and a browser counts an element's paint (largest contentful paint) once.
      function rewrite(element, text) {
        var fresh = element.cloneNode(false);
        fresh.textContent = text;
        element.parentNode.replaceChild(fresh, element);
      }
      function write() {
        var h1 = document.querySelector('[data-prerendered-session] main h1');
        if (!h1) return;
        var next = h1.nextElementSibling;
        rewrite(h1, heading);
        if (next && next.tagName === 'P') rewrite(next, description);
      }
      if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', write);
      else write();
    })
    .catch(function () {});
`
    : ''
}`;
}

/** Marker name and initials become elements that show the visitor's (see sessionScript). */
function personalise(path, html) {
  const marker = MARKER_NAME.slice(0, 1);
  const out = html
    // An attribute naming the user (the avatar's title) is left out until the app renders it.
    .replace(/\s[\w-]+="[^"<>]*\u03d8[^"<>]*"/g, '')
    .replaceAll(`>${MARKER_INITIALS}<`, '><span data-prerender-text="initials"></span><')
    .replaceAll(MARKER_NAME, '<span data-prerender-text="name"></span>')
    // The first element after Mantine's style tags is the page; the app's first commit replaces
    // it, and until then it is hidden from a visitor the shell is not for.
    .replace(/^((?:<style\b[^>]*>[^<]*<\/style>)*)<([a-z]+)/, '$1<$2 data-prerendered-session=""');
  if (out.includes(marker)) fail(`${path}: the marker name is left in the markup`);
  if (!out.includes('data-prerendered-session')) fail(`${path}: no element to mark`);
  return out;
}

async function main() {
  const template = readFileSync(join(dist, 'index.html'), 'utf8').replace(HINT_TAG, '');
  if (!template.includes(ROOT_PLACEHOLDER)) fail(`dist/index.html has no ${ROOT_PLACEHOLDER}`);
  const signedInFiles = signedInHint(template);
  rmSync(join(dist, 'prerendered'), { recursive: true, force: true });

  const chromiumOptions = await findChromium();
  if (!chromiumOptions) {
    console.warn(
      'prerender: no Chromium (CHROME_PATH, /usr/bin/chromium or Playwright’s own); ' +
        '/ and /auth/login are not prerendered and render from JS alone',
    );
    return;
  }
  const { chromium } = await import('@playwright/test');
  const served = await serveDist(template);
  const browser = await chromium.launch({ ...chromiumOptions, args: ['--no-sandbox'] });
  const boot = bootScript(template);
  try {
    for (const spec of PRERENDERED_PAGES) {
      const { path, file, session } = spec;
      const url = `http://127.0.0.1:${served.port}${path}`;
      let { html, title, reads } = await capture(browser, url, session);
      // Markup only: a script in it would run before the app's own (and the CSP forbids inline).
      if (/<script\b/i.test(html)) fail(`${path} rendered a <script> element`);
      let shell = boot.html;
      if (session) {
        html = personalise(path, html);
        // Its own boot script: the entry and the student's layout and home chunks, after the paint.
        // The page's own stylesheets (its chunks' CSS) with the entry's: the shell was captured
        // styled by them, and without them it would change when the app's chunks arrive.
        const { js, css } = signedInFiles.get(path);
        shell = bootScript(template, js)
          .html.replace(
            COLOR_SCHEME_TAG,
            `${COLOR_SCHEME_TAG}\n    <script src="/${sessionScript(spec, reads)}"></script>`,
          )
          .replace(
            '</head>',
            `${css.map((href) => `  <link rel="stylesheet" crossorigin href="${href}">\n`).join('')}  </head>`,
          );
      }
      const page = shell
        .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
        .replace(ROOT_PLACEHOLDER, `<div id="root">${html}</div>`);
      mkdirSync(dirname(join(dist, file)), { recursive: true });
      writeFileSync(join(dist, file), page);
      console.log(
        `prerender: ${path} -> ${file} (${(page.length / 1024).toFixed(1)} KB, "${title}")` +
          (session ? `, ${reads.length} reads from its head` : ''),
      );
    }
  } finally {
    await browser.close();
    await served.close();
  }
}

await main();
