import { createHash } from 'node:crypto'
import { APP_LIVE_EVENT } from '../../../contract/first-view'
import {
  LAUNCH_STORAGE_KEY,
  TELEGRAM_CHUNKS_ELEMENT_ID,
  WINDOW_NAME_STORE_PREFIX,
} from '../../../contract/telegram-launch'

// Every inline script the HTML shell executes lives here, as a constant: the
// Content-Security-Policy allows exactly these by hash (server/http/security-headers.ts), so a
// script injected into the page some other way does not run. A new inline script is added to
// INLINE_SCRIPTS, never written into the HTML directly.

/** ENTRY_AFTER_PAINT starts a hidden page's entry by then: a hidden page paints no frame. */
const ENTRY_START_HIDDEN_MS = 300
/**
 * And a visible page's by then at the latest, should its paint never be reported. Only a safety
 * net: a slow phone, or a machine under load, may take seconds to its first paint, and the
 * entry must not take the CPU and the link from that paint.
 */
const ENTRY_START_LATEST_MS = 5_000

/**
 * Route chunks ENTRY_AFTER_PAINT preloads in one task, the rest in the tasks after it: each link
 * added cost about 5 ms at 4× CPU (a product page names 25), and all of them in one task made a
 * long task of their own right after the paint (docs/performance.md Run AH).
 */
export const PRELOADS_A_TASK = 6

/**
 * Taps on the served view's buttons ENTRY_AFTER_PAINT keeps until live, at most: on a slow phone
 * a visitor may tap a filter or Subscribe in the second between the paint and live.
 */
export const TAPS_HELD_MAX = 3

/** Dispatched on document by ENTRY_AFTER_PAINT once the entry module has run. */
const ENTRY_RAN_EVENT = 'earn:entry-ran'

/** How the shell's scripts preload a chunk they name (its path under /): low priority, a module. */
const PRELOAD_LOW = `function(x){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.fetchPriority='low';l.href='/'+x;document.head.appendChild(l)}`

/**
 * Inside Telegram, before the first paint (a classic script in head runs before the body is
 * drawn): reads the launch parameters (the URL hash, or the tab's stored launch after a reload),
 * paints in the launch theme (`--tg-theme-*`, the variables the SDK binds later, `data-theme`
 * and the browser's theme colour), marks the platform, and preloads the Telegram chunks listed
 * in the shell: the start's beside the entry instead of after it, the SDK's once the entry has
 * run (DOMContentLoaded, or ENTRY_RAN_EVENT when the entry starts after the first paint), so
 * they never share a slow link with it; both at low priority, the
 * page's own chunks go first. Outside Telegram it
 * does nothing: web visitors never fetch those chunks. Like the client (mayBeInsideTelegram in
 * src/lib/platform/telegram-launch.ts) it takes a launch only where a Telegram client can be
 * (its webview bridge, or a parent page), and reads the stored launch as the client's tab store
 * does (src/lib/storage/safe-storage.ts): sessionStorage, which Telegram Web's cross-site frame
 * denies (reading it throws), else window.name. A constant, so the CSP can allow it by
 * its hash; the chunk names travel as data (#earn-telegram-chunks), not in the script.
 */
export const TELEGRAM_LAUNCH = `(function(){try{
var w=window,d=document.documentElement,p=new URLSearchParams(location.hash.slice(1)),x=w.external;
if(!w.TelegramWebviewProxy&&w.parent===w&&!(x&&typeof x.notify=='function'))return;
if(!p.get('tgWebAppPlatform')){var K=${JSON.stringify(LAUNCH_STORAGE_KEY)},N=${JSON.stringify(WINDOW_NAME_STORE_PREFIX)},v=null;
try{v=sessionStorage.getItem(K)}catch(e){try{if(w.name.indexOf(N)==0)v=JSON.parse(w.name.slice(N.length))[K]||null}catch(e){}}
var s=JSON.parse(v||'null');if(!s||!s.rawLaunchParams)return;p=new URLSearchParams(s.rawLaunchParams)}
var f=p.get('tgWebAppPlatform');if(!f)return;
d.setAttribute('data-platform',f=='ios'?'ios_tg':/^android/.test(f)?'android_tg':'pc_tg');
var t={};try{t=JSON.parse(p.get('tgWebAppThemeParams')||'{}')||{}}catch(e){}
for(var k in t)if(/^[a-z_]+$/.test(k)&&/^#[0-9a-f]{3,8}$/i.test(t[k]))d.style.setProperty('--tg-theme-'+k.replace(/_/g,'-'),t[k]);
var b=t.bg_color;if(b&&/^#[0-9a-f]{6}$/i.test(b)){
var r=parseInt(b.slice(1,3),16),g=parseInt(b.slice(3,5),16),u=parseInt(b.slice(5,7),16);
d.setAttribute('data-theme',Math.sqrt(.299*r*r+.587*g*g+.114*u*u)<120?'dark':'light');
var m=document.querySelector('meta[name=theme-color]');if(m)m.setAttribute('content',b)}
var c=document.getElementById(${JSON.stringify(TELEGRAM_CHUNKS_ELEMENT_ID)});
if(c){var j=JSON.parse(c.textContent),q=${PRELOAD_LOW};
j.start.forEach(q);document.addEventListener('DOMContentLoaded',function(){var l=function(){j.later.forEach(q)};
if(document.querySelector('script[data-entry]'))document.addEventListener(${JSON.stringify(ENTRY_RAN_EVENT)},l,{once:true});else l()})}
}catch(e){}})()`

/**
 * On a page the server has drawn, the entry (data-entry, its URL) is fetched and run once the
 * first contentful frame is on screen, not beside it (docs/performance.md, "Paint, then the
 * code"): a module script that is ready while the document is parsed runs before the first
 * paint, and the served view then waits on the entry's download and evaluation (about 120 kB
 * and 40 ms of a fast desktop's CPU, several times that on a phone) though it needs neither.
 * The paint timing entry comes once the frame is presented; without paint timing, a task queued
 * from requestAnimationFrame (just before the frame is painted). A hidden page paints no
 * frame: a timer starts the entry there (300 ms; 5 s at the latest on a visible page).
 * Right after the entry it preloads the route's chunks (data-preloads: file names, space
 * separated), PRELOADS_A_TASK in a task, at low priority like the entry's own preload in the
 * head. Dispatches ENTRY_RAN_EVENT once the entry has run.
 * Until the app is live (APP_LIVE_EVENT) a tap on a button of the view does nothing by itself:
 * the view is the server's markup, without handlers. The script holds such taps instead and
 * replays them in order once live, on the same nodes, which hydration adopts. It keeps up to
 * TAPS_HELD_MAX buttons, each once, where it was last tapped: a second tap on a toggle does not
 * undo the first, and filters tapped A, B, A end on A. A button the client drew anew is gone by
 * then, and its tap with it. Links are real links and need no help.
 * Right after starting the entry it makes one Intl.NumberFormat in the page's language: a page's
 * first costs ICU's setup (about 25 ms on a desktop, 4× that on a slow phone), which otherwise
 * fell in the hydration of the first view's amounts; now it falls while the entry downloads,
 * when the main thread is idle (docs/performance.md Run AS).
 */
export const ENTRY_AFTER_PAINT = `(function(){var c=document.currentScript,u=c&&c.getAttribute('data-entry'),d=0,o;if(!u)return;
var r=document.getElementById('root'),k=[];
function h(e){var t=e.target,b=t&&t.closest?t.closest('button'):null;if(!b||!r||!r.contains(b))return;
e.preventDefault();e.stopImmediatePropagation();var i=k.indexOf(b);if(i>=0)k.splice(i,1);if(k.length<${TAPS_HELD_MAX})k.push(b)}
document.addEventListener('click',h,true);
document.addEventListener(${JSON.stringify(APP_LIVE_EVENT)},function(){document.removeEventListener('click',h,true);
setTimeout(function(){k.splice(0).forEach(function(b){if(b.isConnected)b.click()})},0)},{once:true});
function go(){if(d)return;d=1;if(o)o.disconnect();var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=u;
s.onload=function(){document.dispatchEvent(new Event(${JSON.stringify(ENTRY_RAN_EVENT)}))};document.head.appendChild(s);
setTimeout(function(){try{new Intl.NumberFormat(document.documentElement.lang||'en').format(1)}catch(e){}},0);
var q=(c.getAttribute('data-preloads')||'').split(' ').filter(Boolean);(function n(){q.splice(0,${PRELOADS_A_TASK}).forEach(${PRELOAD_LOW});if(q.length)setTimeout(n,0)})()}
var P=window.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0){
o=new P(function(l){if(l.getEntriesByName('first-contentful-paint').length)setTimeout(go,0)});o.observe({type:'paint',buffered:true})}
else requestAnimationFrame(function(){setTimeout(go,0)});
function hidden(){return document.visibilityState==='hidden'}
document.addEventListener('visibilitychange',function(){if(hidden())setTimeout(go,${ENTRY_START_HIDDEN_MS})});
setTimeout(go,hidden()?${ENTRY_START_HIDDEN_MS}:${ENTRY_START_LATEST_MS})})()`

/** Every inline executable script of the shell (inline data is type="application/json"). */
export const INLINE_SCRIPTS: readonly string[] = [TELEGRAM_LAUNCH, ENTRY_AFTER_PAINT]

/** The `<script>` element of one of INLINE_SCRIPTS. */
export const inlineScriptTag = (script: (typeof INLINE_SCRIPTS)[number]) =>
  `<script>${script}</script>`

/** CSP source expressions ('sha256-…') allowing exactly INLINE_SCRIPTS. */
export const inlineScriptHashes = (): string[] =>
  INLINE_SCRIPTS.map((s) => `'sha256-${createHash('sha256').update(s, 'utf8').digest('base64')}'`)
