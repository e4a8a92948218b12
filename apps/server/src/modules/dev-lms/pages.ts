import { DEV_LMS, devLmsUrls } from '../../db/seed-lti.js';
import { loginUrl } from './authorize.js';
import { LMS_COURSES, LMS_ROLES, lmsMember } from './directory.js';
import { cspNonce, escapeHtml, jsonForScript, pageHeaders } from '../../lib/html-page.js';

// The development LMS's HTML: its one page (courses, launches, and the tool in an iframe, as an
// LMS shows a tool), the authorization endpoint's auto-submitting form, and its refusal.

export interface Page {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The iframe's name: the page answers platform-storage messages from this frame only. */
export const FRAME_NAME = 'teamup';

const STYLE = `*{box-sizing:border-box}html{color-scheme:light}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1b1e;background:#f1f3f5}
[hidden]{display:none!important}
.sr{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
header{background:#1f3a5f;color:#fff;padding:.75rem 1rem}
header h1{margin:0;font-size:1.25rem;line-height:1.3}
header p{margin:.25rem 0 0;color:#dbe4f0;font-size:.875rem;max-width:60rem}
.layout{display:grid;grid-template-columns:minmax(0,1fr)}
@media (min-width:64rem){.layout{grid-template-columns:23rem minmax(0,1fr);align-items:start}}
.courses{background:#fff;padding:1rem;border-right:1px solid #dee2e6;min-width:0}
.course{margin:0 0 1.5rem}
h2{font-size:1.1rem;margin:0 0 .75rem;line-height:1.3}h3{font-size:1rem;margin:0 0 .25rem;line-height:1.3}
.note{margin:0 0 .5rem;color:#495057;font-size:.875rem}
ul{list-style:none;margin:0;padding:0}
li{padding:.5rem 0;border-top:1px solid #e9ecef}
.who{display:flex;flex-wrap:wrap;gap:0 .5rem;align-items:baseline}
.role{color:#495057;font-size:.875rem}
.actions{display:flex;flex-wrap:wrap;gap:.25rem 1rem;align-items:center;margin-top:.25rem}
button{font:inherit;font-size:.9rem;background:#1c5fb8;color:#fff;border:0;border-radius:4px;padding:.3rem .75rem;cursor:pointer}
button:hover{background:#174f99}
a{color:#1c5fb8;font-size:.9rem}
button:focus-visible,a:focus-visible,iframe:focus-visible{outline:3px solid #e8590c;outline-offset:2px}
details{font-size:.875rem;color:#343a40}
dl{display:grid;grid-template-columns:minmax(0,1fr);margin:.5rem 0 0}
dt{font-weight:600}dd{margin:0 0 .4rem;overflow-wrap:anywhere;font-family:ui-monospace,monospace;font-size:.8rem}
.tool{display:flex;flex-direction:column;min-width:0}
.bar{display:flex;flex-wrap:wrap;gap:0 .75rem;align-items:baseline;padding:.5rem 1rem;background:#e9ecef;border-bottom:1px solid #dee2e6}
.bar h2{margin:0;font-size:1rem}.bar p{margin:0;font-size:.875rem;color:#343a40}
.empty{padding:2rem 1rem;color:#495057;margin:0}
.warn{grid-column:1/-1;background:#fff3bf;color:#1a1b1e;padding:.5rem 1rem;margin:0;font-size:.875rem}
iframe{display:block;width:100%;border:0;background:#fff;height:85vh}
@media (min-width:64rem){iframe{height:calc(100vh - 9rem);min-height:36rem}}`;

// Launch buttons point the frame at the tool's login; the frame's platform-storage messages
// (LTI Client Side postMessages: lti.capabilities, lti.put_data, lti.get_data) are answered
// here, so the tool can keep its login state with the LMS where the browser blocks its cookie.
const SCRIPT = `(function(){var c=JSON.parse(document.getElementById('lms-data').textContent);
var frame=document.getElementById('tool-frame');
var said=document.getElementById('launch-status');
if(location.origin!==c.origin){document.getElementById('origin-warning').hidden=false;}
Array.prototype.forEach.call(document.querySelectorAll('button[data-launch]'),function(b){
b.addEventListener('click',function(){
said.textContent='Launched as '+b.getAttribute('data-person')+' ('+b.getAttribute('data-role')+') in '+b.getAttribute('data-course')+'.';
document.getElementById('frame-empty').hidden=true;frame.hidden=false;
frame.src=b.getAttribute('data-launch');
if(window.matchMedia('(max-width: 63.99rem)').matches)document.getElementById('tool-heading').scrollIntoView({block:'start'});
});});
var store=new Map();
window.addEventListener('message',function(e){
var d=e.data;
if(e.origin!==c.origin||e.source!==frame.contentWindow||!d||typeof d!=='object'||typeof d.subject!=='string')return;
var s=d.subject.replace(/^org\\.imsglobal\\./,'');
var r={message_id:d.message_id};
if(s==='lti.capabilities'){r.subject='lti.capabilities.response';r.supported_messages=[{subject:'lti.put_data'},{subject:'lti.get_data'}];}
else if(s==='lti.put_data'){if(typeof d.key!=='string')return;store.set(d.key,d.value);r.subject='lti.put_data.response';r.key=d.key;r.value=d.value;}
else if(s==='lti.get_data'){r.subject='lti.get_data.response';r.key=d.key;
if(store.has(d.key))r.value=store.get(d.key);else r.error={code:'bad_request',message:'No value is stored under this key.'};}
else return;
e.source.postMessage(r,e.origin);});})();`;

function settingsList(publicUrl: string): string {
  const urls = devLmsUrls(publicUrl);
  const rows: [string, string][] = [
    ['Issuer', urls.issuer],
    ['Client ID', DEV_LMS.clientId],
    ['Deployment ID', DEV_LMS.deploymentId],
    ['Authorization URL', urls.authorizationUrl],
    ['Token URL', urls.tokenUrl],
    ['Key set URL', urls.jwksUrl],
    ['Tool login URL', `${urls.origin}/lti/login`],
    ['Tool redirect URL', `${urls.origin}/lti/launch`],
  ];
  return rows
    .map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`)
    .join('');
}

/**
 * GET /dev/lms: the courses, a launch per demo person, and the tool's frame. Its header and
 * main are named: the framed app has a header and a main too, and landmarks must stay apart.
 */
export function lmsPage(publicUrl: string): Page {
  const nonce = cspNonce();
  const { origin } = devLmsUrls(publicUrl);
  const courses = LMS_COURSES.map((course) => {
    const heading = `${course.label} · ${course.title}`;
    const items = course.launches.map((personId) => {
      const member = lmsMember(course, personId)!;
      const name = member.person.name;
      const role = LMS_ROLES[member.role].label;
      const framed = loginUrl(publicUrl, course, personId, true);
      const tab = loginUrl(publicUrl, course, personId, false);
      return `<li><div class="who"><strong>${escapeHtml(name)}</strong><span class="role">${escapeHtml(role)}</span></div>
<div class="actions"><button type="button" data-launch="${escapeHtml(framed)}" data-person="${escapeHtml(name)}" data-role="${escapeHtml(role)}" data-course="${escapeHtml(course.label)}">Launch<span class="sr"> as ${escapeHtml(name)}</span></button>
<a href="${escapeHtml(tab)}" target="_blank" rel="noopener">Open in a new tab<span class="sr"> as ${escapeHtml(name)}, ${escapeHtml(course.label)}</span></a></div></li>`;
    });
    const id = `course-${escapeHtml(course.id)}`;
    return `<section class="course" aria-labelledby="${id}"><h3 id="${id}">${escapeHtml(heading)}</h3>
<p class="note">${escapeHtml(course.note)}</p><ul>${items.join('\n')}</ul></section>`;
  });
  const body = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Teamup development LMS</title><style>${STYLE}</style></head>
<body><header aria-label="Development LMS"><h1>Teamup development LMS</h1>
<p>A small LTI 1.3 platform for trying Teamup as an LMS opens it. Launch as someone: Teamup opens in the frame, signed in as that person, as it would inside Moodle or Canvas. It exists only while the development sign-in is on.</p></header>
<main class="layout" aria-label="Development LMS"><p class="warn" id="origin-warning" hidden>This page is open at another address than the server's PUBLIC_URL, so launches will not work here: open <a href="${escapeHtml(`${origin}/dev/lms`)}">${escapeHtml(`${origin}/dev/lms`)}</a> instead.</p>
<section class="courses" aria-labelledby="courses-heading"><h2 id="courses-heading">Courses</h2>${courses.join('\n')}
<details><summary>Registration in Teamup</summary><dl>${settingsList(publicUrl)}</dl></details></section>
<section class="tool" aria-labelledby="tool-heading"><div class="bar"><h2 id="tool-heading">Teamup</h2><p id="launch-status" role="status">No launch yet.</p></div>
<p class="empty" id="frame-empty">Choose Launch beside a person to open Teamup here.</p>
<iframe id="tool-frame" name="${FRAME_NAME}" title="Teamup, opened from the LMS" hidden></iframe></section></main>
<script type="application/json" id="lms-data">${jsonForScript({ origin })}</script>
<script nonce="${nonce}">${SCRIPT}</script></body></html>`;
  return {
    status: 200,
    // The frame loads the tool, which is this server (PUBLIC_URL's origin).
    headers: pageHeaders({ nonce, frameSrc: `'self' ${origin}` }),
    body,
  };
}

/** The authorization endpoint's answer: a form that posts the id_token to the tool at once. */
export function autoPostPage(redirectUri: string, fields: Record<string, string>): Page {
  const nonce = cspNonce();
  const inputs = Object.entries(fields)
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
    )
    .join('\n');
  const body = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Opening Teamup…</title></head>
<body><form id="launch" method="post" action="${escapeHtml(redirectUri)}">
${inputs}
<noscript><p>JavaScript is off: continue by hand.</p><button type="submit">Continue to Teamup</button></noscript>
</form><script nonce="${nonce}">document.getElementById('launch').submit();</script></body></html>`;
  return {
    status: 200,
    headers: pageHeaders({
      nonce,
      formAction: new URL(redirectUri).origin,
      // Shown inside the LMS page's frame.
      frameAncestors: "'self'",
    }),
    body,
  };
}

/** What the authorization endpoint answers a request it cannot honour. */
export function refusalPage(problems: string[]): Page {
  const nonce = cspNonce();
  const items = problems.map((p) => `<li>${escapeHtml(p)}</li>`).join('');
  const body = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>The development LMS refused the launch</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#1a1b1e}h1{font-size:1.3rem}</style>
</head><body><main><h1>The development LMS refused the launch</h1>
<p>The tool's authentication request is not one this LMS accepts:</p><ul>${items}</ul></main></body></html>`;
  return { status: 400, headers: pageHeaders({ nonce, frameAncestors: "'self'" }), body };
}
