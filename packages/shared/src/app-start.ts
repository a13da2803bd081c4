/**
 * The public pages rendered on the server (/, /cursos, a course's page) start the app once they have been
 * painted from their HTML (decision 096): the scripts then neither compete with the HTML for a slow
 * connection nor delay or count in the largest paint. The page lists its scripts in a JSON element
 * (APP_SCRIPTS_ID: the entry and the chunks to preload with it, all requested at once, decision 063);
 * a tab opened in the background, which paints nothing, starts at once.
 *
 * The page policy allows this inline script by its SHA-256 (apps/server's security headers), so it is the
 * same text on every page and in every build.
 */
export const APP_SCRIPTS_ID = "app-scripts";

export const APP_START_SCRIPT = [
  "(()=>{",
  "const d=document,",
  `{entry,preload}=JSON.parse(d.getElementById("${APP_SCRIPTS_ID}").textContent),`,
  "add=(tag,props)=>d.head.append(Object.assign(d.createElement(tag),props)),",
  "start=()=>{",
  'for(const href of preload)add("link",{rel:"modulepreload",href,crossOrigin:"anonymous"});',
  'add("script",{type:"module",src:entry,crossOrigin:"anonymous"})',
  "};",
  'd.visibilityState==="hidden"?start():requestAnimationFrame(()=>setTimeout(start))',
  "})()",
].join("");
