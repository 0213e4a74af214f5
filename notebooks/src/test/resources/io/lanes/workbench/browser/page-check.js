// The in-page half of BrowserPageCheck: run as a WebDriver script body on a loaded page, it returns one
// string per problem (empty when the page passes). Rules and the chart contract: see BrowserPageCheck.
const problems = [];
const MAX_EXAMPLES = 5;

/** A short name of an element for a problem line: tag.class#id "first text". */
function describe(el) {
  let s = el.tagName.toLowerCase();
  const cls = el.getAttribute('class');
  if (cls && cls.trim()) s += '.' + cls.trim().split(/\s+/).join('.');
  if (el.id) s += '#' + el.id;
  const text = (el.textContent || '').replace(/\s+/g, ' ').trim();
  if (text) s += ' "' + (text.length > 40 ? text.slice(0, 40) + '...' : text) + '"';
  return s;
}

function clip(s) {
  return s.length > 80 ? s.slice(0, 80) + '...' : s;
}

// A page reads the same anywhere only if it loads nothing: in-page fragments and data: URIs are all it may name.
function selfContained(url) {
  const u = url.trim().toLowerCase();
  return u.startsWith('#') || u.startsWith('data:');
}

// A relative URL in a page opened from disk is a file:// reference too.
function kindOf(url) {
  let protocol;
  try {
    protocol = new URL(url.trim(), document.baseURI).protocol;
  } catch (e) {
    protocol = '';
  }
  return protocol === 'file:' ? 'file:// reference' : 'external reference';
}

// Attributes that name something to load or to go to (links included: a link out of a report is a dead end offline).
const URL_ATTRIBUTES = new Set(['src', 'href', 'srcset', 'poster', 'action', 'formaction', 'background']);
const CSS_URL = /url\(\s*(['"]?)([^'")]*)\1\s*\)/gi;

for (const el of document.querySelectorAll('*')) {
  for (const a of el.attributes) {
    const name = a.localName.toLowerCase(); // xlink:href has local name href
    const urls = name === 'srcset' ? a.value.split(',').map(c => c.trim().split(/\s+/)[0])
        : URL_ATTRIBUTES.has(name) || (name === 'data' && el.tagName.toLowerCase() === 'object') ? [a.value] : [];
    for (const url of urls) {
      if (url && !selfContained(url)) problems.push(kindOf(url) + ': <' + el.tagName.toLowerCase() + ' ' + a.name + '="' + clip(url) + '">');
    }
    // inline styles and SVG presentation attributes (fill="url(#g)") may name URLs too
    if (a.value.includes('url(')) {
      for (const m of a.value.matchAll(CSS_URL)) {
        if (!selfContained(m[2])) problems.push(kindOf(m[2]) + ': url(' + clip(m[2]) + ') in the ' + a.name + ' attribute of <' + el.tagName.toLowerCase() + '>');
      }
    }
  }
}

function cssUrls(rules) {
  for (const rule of rules) {
    if (rule.cssRules) cssUrls(rule.cssRules); // @media, @supports
    if (rule.href && !selfContained(rule.href)) problems.push(kindOf(rule.href) + ': @import ' + clip(rule.href));
    for (const m of (rule.cssText || '').matchAll(CSS_URL)) {
      if (!selfContained(m[2])) problems.push(kindOf(m[2]) + ': url(' + clip(m[2]) + ') in a style sheet');
    }
  }
}
for (const sheet of document.styleSheets) {
  try {
    cssUrls(sheet.cssRules);
  } catch (e) { // a sheet from elsewhere cannot be read; its link is reported above
    problems.push('style sheet not readable: ' + (sheet.href || 'inline') + ' (' + e.name + ')');
  }
}

// Whatever the markup scan misses (a script's fetch, an import inside an import) still shows as a request.
for (const r of performance.getEntriesByType('resource')) {
  if (!selfContained(r.name)) problems.push('request while loading: ' + clip(r.name) + ' (' + r.initiatorType + ')');
}
for (const img of document.images) {
  if (img.complete && img.naturalWidth === 0) problems.push('image failed to load: ' + describe(img) + ' ' + clip(img.getAttribute('src') || ''));
}

/** A chart's name in problem lines: its aria-label, its own <title>, else its first text. */
function chartName(svg, i) {
  const own = [...svg.children].find(c => c.tagName.toLowerCase() === 'title');
  const name = svg.getAttribute('aria-label') || (own && own.textContent) || (svg.querySelector('text') || {}).textContent || '';
  return 'chart ' + (i + 1) + (name.trim() ? ' "' + clip(name.trim()) + '"' : '');
}

function sample(values) {
  const v = [...values];
  return v.slice(0, MAX_EXAMPLES).join(', ') + (v.length > MAX_EXAMPLES ? ', ... (' + v.length + ' in all)' : '');
}

document.querySelectorAll('svg.wb-chart').forEach((svg, i) => {
  const name = chartName(svg, i);
  const marks = [...svg.querySelectorAll('.wb-mark')];
  if (marks.length === 0) {
    problems.push(name + ': no data marks (.wb-mark)');
    return;
  }
  const unnamed = marks.filter(m => !m.hasAttribute('data-series'));
  if (unnamed.length) problems.push(name + ': ' + unnamed.length + ' marks without data-series');
  const untitled = marks.filter(m => {
    const t = [...m.children].find(c => c.tagName.toLowerCase() === 'title');
    return !t || !t.textContent.trim();
  });
  if (untitled.length) problems.push(name + ': ' + untitled.length + ' of ' + marks.length + ' marks have no <title> tooltip');
  const cats = new Set(marks.filter(m => m.hasAttribute('data-cat')).map(m => m.getAttribute('data-cat')));
  if (cats.size) {
    const labels = [...svg.querySelectorAll('text.wb-cat')];
    if (labels.length < cats.size) {
      // a label names its category by data-cat when it has one, else by its text
      const named = new Set(labels.map(l => l.getAttribute('data-cat') ?? l.textContent.trim()));
      const unlabelled = [...cats].filter(c => !named.has(c));
      problems.push(name + ': fewer labels than bars: ' + labels.length + ' text.wb-cat for ' + cats.size + ' categories'
          + (unlabelled.length ? '; unlabelled: ' + sample(unlabelled) : ''));
    }
  }
  const series = new Set(marks.map(m => m.getAttribute('data-series')).filter(s => s !== null));
  const legend = svg.querySelectorAll('g.wb-legend-item').length;
  if (series.size > 1 && legend < series.size) {
    problems.push(name + ': fewer legend entries than series: ' + legend + ' g.wb-legend-item for ' + series.size + ' series (' + sample(series) + ')');
  }
});

// Charts outside the contract: a picture (no tooltips, no text to find or copy) or an SVG without its classes.
for (const img of document.images) {
  const src = (img.getAttribute('src') || '').trim().toLowerCase();
  if (/^data:image\/(png|jpe?g|gif|webp|bmp)/.test(src)) {
    problems.push('chart is a raster image without tooltips: ' + (img.alt ? '<img alt="' + clip(img.alt) + '">'
        : 'an <img> of ' + img.naturalWidth + 'x' + img.naturalHeight + ' px without alt text'));
  }
}
for (const svg of document.querySelectorAll('svg:not(.wb-chart)')) {
  if (svg.parentElement && svg.parentElement.closest('svg')) continue; // a part of an outer SVG
  const r = svg.getBoundingClientRect();
  // icons and decorations are small; a chart-sized SVG must follow the contract
  if (r.width >= 200 && r.height >= 100) {
    problems.push('SVG of ' + Math.round(r.width) + 'x' + Math.round(r.height) + ' px is not an svg.wb-chart (no marks, labels or tooltips to check): ' + describe(svg));
  }
}

// Wider than the page: name the outermost elements that stick out, leaving out those inside a box that
// scrolls or clips horizontally (they do not widen the page).
const page = document.documentElement;
if (page.scrollWidth > window.innerWidth) {
  const sticksOut = el => el.getBoundingClientRect().right > window.innerWidth + 0.5;
  const contained = el => {
    for (let p = el.parentElement; p && p !== document.body && p !== page; p = p.parentElement) {
      if (['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(p).overflowX)) return true;
    }
    return false;
  };
  const offenders = [...document.body.querySelectorAll('*')]
      .filter(el => sticksOut(el) && !contained(el) && !(el.parentElement && el.parentElement !== document.body && sticksOut(el.parentElement)))
      .sort((a, b) => b.getBoundingClientRect().width - a.getBoundingClientRect().width);
  problems.push('page is ' + page.scrollWidth + ' px wide in a ' + window.innerWidth + ' px window; widest elements past its right edge: '
      + (offenders.length ? offenders.slice(0, MAX_EXAMPLES).map(el => describe(el) + ' (' + Math.round(el.getBoundingClientRect().width)
          + ' px wide, right edge at ' + Math.round(el.getBoundingClientRect().right) + ' px)').join('; ') : 'none found (a pseudo-element or margin)'));
}
return problems;
