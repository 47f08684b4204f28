// Draws the site's illustrations: one abstract, on-brand SVG per page hero and blog post, plus the
// social-preview card. Deterministic (seeded by name), so re-running changes nothing unless this
// file does. Output is committed under src/assets/illustrations/; Astro rasterises it to AVIF/WebP.
//   npx node scripts/generate-illustrations.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';

const outDir = new URL('../src/assets/illustrations/', import.meta.url);
mkdirSync(outDir, { recursive: true });

/** name → [motif, accent colour] */
export const illustrations = {
  'solutions-index': ['network', '#38bdf8'],
  'solutions-aws': ['cloud', '#f59e0b'],
  'solutions-aws-migration': ['migration', '#f59e0b'],
  'solutions-aws-devops': ['pipeline', '#f59e0b'],
  'solutions-aws-security': ['shield', '#f59e0b'],
  'solutions-aws-cost-optimization': ['chart', '#f59e0b'],
  'solutions-cloud': ['cloud', '#38bdf8'],
  'solutions-cloud-migration': ['migration', '#38bdf8'],
  'solutions-devops': ['pipeline', '#2dd4bf'],
  'solutions-ai-ml': ['neural', '#a78bfa'],
  'solutions-software-engineering': ['code', '#60a5fa'],
  'solutions-data-engineering': ['database', '#2dd4bf'],
  'solutions-blockchain': ['blocks', '#fbbf24'],
  'solutions-ai-trends': ['neural', '#f472b6'],
  'services-cyber-security': ['shield', '#34d399'],
  'services-cloud-intelligence': ['cloud', '#a78bfa'],
  'services-devsecops': ['pipeline', '#34d399'],
  'services-identity-management': ['fingerprint', '#60a5fa'],
  'services-data-protection': ['lock', '#2dd4bf'],
  'services-threat-intelligence': ['radar', '#f87171'],
  about: ['network', '#2dd4bf'],
  company: ['map', '#38bdf8'],
  docs: ['code', '#2dd4bf'],
  blog: ['network', '#a78bfa'],
  'blog-1': ['cloud', '#38bdf8'],
  'blog-2': ['shield', '#34d399'],
  'blog-3': ['pipeline', '#2dd4bf'],
  'blog-4': ['neural', '#a78bfa'],
  'blog-5': ['blocks', '#60a5fa'],
  'blog-6': ['lock', '#f472b6'],
};

function random(seedText) {
  let seed = [...seedText].reduce((hash, char) => (Math.imul(hash, 31) + char.charCodeAt(0)) | 0, 2166136261);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const W = 1200;
const H = 800;
const round = (n) => Math.round(n * 10) / 10;

function backdrop(rand, accent) {
  const dots = [];
  for (let x = 40; x < W; x += 48) for (let y = 40; y < H; y += 48) if (rand() > 0.35) dots.push(`M${x} ${y}h.1`);
  const nodes = Array.from({ length: 14 }, () => [round(rand() * W), round(rand() * H)]);
  const links = nodes
    .slice(1)
    .map(([x, y], i) => `M${nodes[i][0]} ${nodes[i][1]}L${x} ${y}`)
    .join('');
  return `
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0b1b3a"/><stop offset="1" stop-color="#12306e"/></linearGradient>
    <radialGradient id="glow" cx="0.7" cy="0.3" r="0.6"><stop offset="0" stop-color="${accent}" stop-opacity="0.35"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/></radialGradient>
    <radialGradient id="glow2" cx="0.15" cy="0.9" r="0.5"><stop offset="0" stop-color="#0e7c86" stop-opacity="0.45"/><stop offset="1" stop-color="#0e7c86" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#bg)"/>
  <rect width="${W}" height="${H}" fill="url(#glow)"/>
  <rect width="${W}" height="${H}" fill="url(#glow2)"/>
  <path d="${dots.join('')}" stroke="#9fb4e0" stroke-opacity="0.35" stroke-width="4" stroke-linecap="round"/>
  <path d="${links}" stroke="#9fb4e0" stroke-opacity="0.18" stroke-width="1.5" fill="none"/>
  ${nodes.map(([x, y]) => `<circle cx="${x}" cy="${y}" r="${round(3 + rand() * 4)}" fill="${accent}" fill-opacity="0.7"/>`).join('')}`;
}

const panel = (x, y, w, h, r = 24) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${r}" fill="#ffffff" fill-opacity="0.07" stroke="#ffffff" stroke-opacity="0.25" stroke-width="2"/>`;

const motifs = {
  cloud: (a) => `${panel(330, 210, 540, 380)}
    <path d="M470 470h260a80 80 0 0 0 0-160a120 120 0 0 0-230-20a90 90 0 0 0-30 180z" fill="${a}" fill-opacity="0.18" stroke="${a}" stroke-width="8" stroke-linejoin="round"/>
    <path d="M540 520v40M600 520v60M660 520v40" stroke="#e6ecf7" stroke-width="6" stroke-linecap="round"/>`,
  migration: (a) => `${panel(200, 260, 300, 280)}${panel(700, 260, 300, 280)}
    <path d="M250 360h200M250 410h160M250 460h180M750 360h200M750 410h160M750 460h180" stroke="#e6ecf7" stroke-opacity="0.6" stroke-width="10" stroke-linecap="round"/>
    <path d="M520 400h150m-40-40 40 40-40 40" fill="none" stroke="${a}" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>`,
  pipeline: (a) => `${[0, 1, 2, 3].map((i) => panel(150 + i * 240, 330, 180, 140, 20)).join('')}
    ${[0, 1, 2].map((i) => `<path d="M${340 + i * 240} 400h40" stroke="${a}" stroke-width="8" stroke-linecap="round"/>`).join('')}
    ${[0, 1, 2, 3].map((i) => `<circle cx="${240 + i * 240}" cy="400" r="26" fill="${i === 3 ? a : 'none'}" stroke="${a}" stroke-width="6"/>`).join('')}`,
  shield: (
    a,
  ) => `<path d="M600 170l230 80v150c0 150-100 240-230 290c-130-50-230-140-230-290V250z" fill="${a}" fill-opacity="0.14" stroke="${a}" stroke-width="10" stroke-linejoin="round"/>
    <path d="M520 430l60 60 110-130" fill="none" stroke="#e6ecf7" stroke-width="14" stroke-linecap="round" stroke-linejoin="round"/>`,
  chart: (a) => `${panel(260, 180, 680, 440)}
    ${[0, 1, 2, 3, 4, 5]
      .map((i) => {
        const h = [220, 180, 240, 150, 120, 90][i];
        return `<rect x="${330 + i * 95}" y="${560 - h}" width="55" height="${h}" rx="10" fill="${a}" fill-opacity="${0.35 + i * 0.1}"/>`;
      })
      .join('')}
    <path d="M320 300l110 40 95-30 95 60 95 20 95 50" fill="none" stroke="#e6ecf7" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>`,
  neural: (a, rand) => {
    const layers = [3, 5, 5, 2];
    const pts = layers.map((n, l) => Array.from({ length: n }, (_, i) => [300 + l * 200, 400 + (i - (n - 1) / 2) * 95]));
    const edges = pts
      .slice(1)
      .flatMap((layer, l) => layer.flatMap(([x, y]) => pts[l].map(([px, py]) => `M${px} ${py}L${x} ${y}`)))
      .join('');
    return `<path d="${edges}" stroke="${a}" stroke-opacity="0.45" stroke-width="2.5"/>
      ${pts
        .flat()
        .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="${round(16 + rand() * 8)}" fill="#0b1b3a" stroke="${a}" stroke-width="6"/>`)
        .join('')}`;
  },
  code: (a) => `${panel(250, 190, 700, 420)}
    <circle cx="300" cy="235" r="10" fill="#f87171"/><circle cx="335" cy="235" r="10" fill="#fbbf24"/><circle cx="370" cy="235" r="10" fill="#34d399"/>
    <path d="M310 310h180M350 360h260M350 410h200M390 460h240M350 510h160M310 560h120" stroke="#e6ecf7" stroke-opacity="0.55" stroke-width="14" stroke-linecap="round"/>
    <path d="M760 360l-50 50 50 50M830 360l50 50-50 50" fill="none" stroke="${a}" stroke-width="12" stroke-linecap="round" stroke-linejoin="round"/>`,
  database: (a) =>
    [0, 1, 2]
      .map(
        (i) => `<ellipse cx="600" cy="${260 + i * 110}" rx="190" ry="50" fill="#0b1b3a" stroke="${a}" stroke-width="8"/>
      <path d="M410 ${260 + i * 110}v80c0 28 85 50 190 50s190-22 190-50v-80" fill="${a}" fill-opacity="0.12" stroke="${a}" stroke-width="8"/>`,
      )
      .reverse()
      .join('') +
    `<path d="M830 300h150M830 420h110M830 540h150" stroke="#e6ecf7" stroke-opacity="0.6" stroke-width="8" stroke-linecap="round"/>`,
  blocks: (a) =>
    [0, 1, 2, 3]
      .map(
        (
          i,
        ) => `<rect x="${210 + i * 210}" y="${330 + (i % 2) * 40}" width="150" height="150" rx="22" fill="${a}" fill-opacity="${0.15 + i * 0.1}" stroke="${a}" stroke-width="7"/>
      ${i < 3 ? `<path d="M${360 + i * 210} ${405 + (i % 2) * 40}h60" stroke="#e6ecf7" stroke-width="8" stroke-dasharray="12 10"/>` : ''}`,
      )
      .join(''),
  lock: (a) => `<rect x="430" y="360" width="340" height="270" rx="36" fill="${a}" fill-opacity="0.16" stroke="${a}" stroke-width="10"/>
    <path d="M500 360v-70a100 100 0 0 1 200 0v70" fill="none" stroke="${a}" stroke-width="12"/>
    <circle cx="600" cy="470" r="30" fill="#e6ecf7"/><path d="M600 490v60" stroke="#e6ecf7" stroke-width="16" stroke-linecap="round"/>`,
  fingerprint: (a) =>
    [60, 100, 140, 180, 220]
      .map(
        (r, i) =>
          `<path d="M${600 - r} 480a${r} ${r} 0 0 1 ${2 * r} 0${i % 2 ? `v40` : ''}" fill="none" stroke="${a}" stroke-opacity="${1 - i * 0.12}" stroke-width="12" stroke-linecap="round"/>`,
      )
      .join('') + `<path d="M600 480v120" stroke="#e6ecf7" stroke-width="12" stroke-linecap="round"/>`,
  radar: (
    a,
  ) => `${[80, 160, 240].map((r) => `<circle cx="600" cy="400" r="${r}" fill="none" stroke="${a}" stroke-opacity="0.5" stroke-width="4"/>`).join('')}
    <path d="M600 400L770 230A240 240 0 0 1 840 400z" fill="${a}" fill-opacity="0.3"/>
    <circle cx="690" cy="330" r="12" fill="#e6ecf7"/><circle cx="500" cy="470" r="10" fill="${a}"/><circle cx="720" cy="520" r="9" fill="${a}"/>`,
  map: (a) => `${panel(230, 190, 740, 420)}
    <path d="M300 520c120-60 200-40 300-120s220-60 300-140" fill="none" stroke="#e6ecf7" stroke-opacity="0.5" stroke-width="6" stroke-dasharray="14 12"/>
    ${[
      [420, 430],
      [760, 300],
    ]
      .map(
        ([x, y]) =>
          `<path d="M${x} ${y + 60}c-50-60-70-90-70-120a70 70 0 0 1 140 0c0 30-20 60-70 120z" fill="${a}" fill-opacity="0.3" stroke="${a}" stroke-width="8"/><circle cx="${x}" cy="${y - 60}" r="22" fill="#e6ecf7"/>`,
      )
      .join('')}`,
  network: (a, rand) => {
    const pts = Array.from({ length: 9 }, (_, i) => [
      600 + Math.cos((i / 9) * 2 * Math.PI) * 260,
      400 + Math.sin((i / 9) * 2 * Math.PI) * 220,
    ]);
    return `<path d="${pts.map(([x, y]) => `M600 400L${round(x)} ${round(y)}`).join('')}" stroke="${a}" stroke-opacity="0.5" stroke-width="4"/>
      <circle cx="600" cy="400" r="70" fill="${a}" fill-opacity="0.25" stroke="${a}" stroke-width="8"/>
      ${pts.map(([x, y]) => `<circle cx="${round(x)}" cy="${round(y)}" r="${round(20 + rand() * 14)}" fill="#0b1b3a" stroke="#e6ecf7" stroke-opacity="0.8" stroke-width="5"/>`).join('')}`;
  },
};

function draw(name, [motif, accent]) {
  const rand = random(name);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${backdrop(rand, accent)}${motifs[motif](accent, rand)}</svg>\n`;
}

function socialCard() {
  const rand = random('og');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">${backdrop(rand, '#38bdf8').replaceAll(`height="${H}"`, 'height="630"')}
  <rect x="80" y="200" width="96" height="96" rx="24" fill="#1849c6"/>
  <path d="M110 224c0 18 36 30 36 48M146 224c0 18-36 30-36 48" fill="none" stroke="#fff" stroke-width="7" stroke-linecap="round"/>
  <text x="200" y="268" font-family="Inter, Arial, sans-serif" font-size="64" font-weight="800" fill="#ffffff">Helixpoint</text>
  <text x="80" y="380" font-family="Inter, Arial, sans-serif" font-size="40" font-weight="600" fill="#c3cee3">Cloud, AI, DevOps and security engineering</text>
  <text x="80" y="440" font-family="Inter, Arial, sans-serif" font-size="32" fill="#9fb4e0">Austin · Dallas</text></svg>\n`;
}

for (const [name, spec] of Object.entries(illustrations)) writeFileSync(new URL(`${name}.svg`, outDir), draw(name, spec));
writeFileSync(new URL('social-card.svg', outDir), socialCard());
// The default social preview is a static PNG, so pages rendered on demand can link to it too.
const publicOg = new URL('../public/og/', import.meta.url);
mkdirSync(publicOg, { recursive: true });
await sharp(Buffer.from(socialCard())).png({ compressionLevel: 9, palette: true }).toFile(new URL('social-card.png', publicOg).pathname);
console.log(`${Object.keys(illustrations).length + 1} illustrations written to src/assets/illustrations/`);
