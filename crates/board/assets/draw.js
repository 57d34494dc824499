// The boards drawn in SVG from their position notation (protocol.md), one
// drawing per kind of board (games of one kind, like 4x4 and 6x6 Wyke, share it).
// Every clickable thing is a <g> carrying the name the board's click
// paths use: data-cell for board cells, data-kind for Wyke's move types,
// data-domino for Wyx's rack; data-legal=true marks what can be clicked next
// (and can then be reached with Tab and played with Enter or Space).
// The board page, the lessons and the exercises all draw with these.

const SVGNS = 'http://www.w3.org/2000/svg';

export function el(tag, attrs, parent) {
  const node = document.createElementNS(SVGNS, tag);
  for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
  if (parent) parent.appendChild(node);
  return node;
}

export function text(parent, x, y, content, attrs) {
  const node = el('text', Object.assign({ x, y, 'text-anchor': 'middle', 'dominant-baseline': 'central' }, attrs), parent);
  node.textContent = content;
  return node;
}

const FILES = 'abcdefghijkl';

// A clickable thing: a group with a background shape, marked legal,
// selected or part of the last move.
function clickable(ctx, attr, token, shape, parent) {
  const group = el('g', { [attr]: token }, parent || ctx.svg);
  shape.setAttribute('class', 'cell-bg');
  group.appendChild(shape);
  if (ctx.legal.has(token)) {
    group.setAttribute('data-legal', 'true');
    group.setAttribute('tabindex', '0');
    group.setAttribute('role', 'button');
    group.setAttribute('aria-label', token);
    ctx.drawn.add(token);
  }
  if (ctx.selection.includes(token)) group.classList.add('selected');
  group.addEventListener('click', () => ctx.click(token));
  group.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      ctx.click(token);
    }
  });
  return group;
}

// Whether moves are animated: not for people who asked for less motion.
const MOTION = typeof matchMedia === 'function' && !matchMedia('(prefers-reduced-motion: reduce)').matches;

// The pieces of cell `to` glide in from cell `from` (the last move, drawn
// once after it was played).
function slide(ctx, from, to) {
  if (!ctx.animate || !MOTION) return;
  const start = ctx.svg.querySelector(`[data-cell="${from}"] > .cell-bg`);
  const end = ctx.svg.querySelector(`[data-cell="${to}"] > .cell-bg`);
  if (!start || !end || typeof start.getBBox !== 'function') return;
  const [a, b] = [start.getBBox(), end.getBBox()];
  const [dx, dy] = [a.x - b.x, a.y - b.y];
  for (const piece of ctx.svg.querySelectorAll(`[data-cell="${to}"] .piece`)) {
    piece.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: 'translate(0, 0)' }],
      { duration: 240, easing: 'ease-out' });
  }
}

// The pieces of cell `name` appear (a placement, a claim).
function pop(ctx, name) {
  if (!ctx.animate) return;
  for (const piece of ctx.svg.querySelectorAll(`[data-cell="${name}"] .piece`)) piece.classList.add('arrived');
}

function legalDot(ctx, group, x, y, r) {
  if (group.getAttribute('data-legal') === 'true') el('circle', { cx: x, cy: y, r, class: 'legal-dot' }, group);
}

function legend(ctx, entries) {
  if (!ctx.legend) return;
  ctx.legend.replaceChildren();
  for (const [swatch, words] of entries) {
    const key = document.createElement('span');
    key.className = 'key';
    const icon = el('svg', { viewBox: '0 0 16 16' });
    swatch(icon);
    key.appendChild(icon);
    key.appendChild(document.createTextNode(words));
    ctx.legend.appendChild(key);
  }
}

function badge(parent, x, y, content, fill) {
  el('circle', { cx: x, cy: y, r: 11, fill, stroke: '#fff', 'stroke-width': 1.5 }, parent);
  text(parent, x, y, content, { fill: '#fff', 'font-size': 11, 'font-weight': 700 });
}

// ---------------------------------------------------------------- Alak
function parseAlak(fen) {
  const [slots, side] = fen.trim().split(/\s+/);
  return { slots: slots.replace(/\./g, '_').split(''), side };
}

function drawAlak(ctx) {
  const now = parseAlak(ctx.fen);
  const before = ctx.prevFen ? parseAlak(ctx.prevFen) : null;
  const size = 60;
  ctx.svg.setAttribute('viewBox', `0 0 ${11 * size + 20} 120`);
  const [from, to] = (ctx.lastMove || '').split('-');
  for (let i = 0; i < 11; i++) {
    const name = String(i + 1);
    const x = 10 + (ctx.flip ? 10 - i : i) * size;
    const group = clickable(ctx, 'data-cell', name, el('rect', { x: x + 4, y: 20, width: size - 8, height: size - 8, rx: 10, fill: '#e9dcc3' }));
    if (name === from || name === to) group.classList.add('last');
    const piece = now.slots[i];
    const cx = x + size / 2;
    if (piece !== '_') {
      const disc = el('g', { class: 'piece' }, group);
      el('circle', { cx, cy: 46, r: 19, fill: piece === 'x' ? '#2b2620' : '#fbf8f0', stroke: '#2b2620', 'stroke-width': 1.5 }, disc);
      text(disc, cx, 46, piece, { fill: piece === 'x' ? '#fbf8f0' : '#2b2620', 'font-size': 16 });
    } else if (before && before.slots[i] !== '_' && name !== from) {
      // Captured by the last move.
      el('path', { d: `M${cx - 12} 34 l24 24 m0 -24 l-24 24`, stroke: '#b3261e', 'stroke-width': 3 }, group);
    }
    legalDot(ctx, group, x + size - 14, 28, 5);
    text(ctx.svg, cx, 98, name, { 'font-size': 14, class: 'coord' });
  }
  if (from && to) slide(ctx, from, to);
  legend(ctx, [
    [(s) => el('circle', { cx: 8, cy: 8, r: 6, fill: '#2b2620' }, s), 'x (moves first)'],
    [(s) => el('circle', { cx: 8, cy: 8, r: 6, fill: '#fbf8f0', stroke: '#2b2620' }, s), 'o'],
    [(s) => el('path', { d: 'M3 3 l10 10 m0 -10 l-10 10', stroke: '#b3261e', 'stroke-width': 2 }, s), 'captured by the last move'],
  ]);
}

// ---------------------------------------------------------------- Wyke
const WYKE_KINDS = ['1-1-1-1-1', '2-1-1', '2-2', '3-1', '4'];
const BUILDER = '#d0782c';
const DESTROYER = '#45607a';

function parseWyke(fen) {
  const [board, side, builder, destroyer] = fen.trim().split(/\s+/);
  const ranks = board.split('/');
  const n = ranks.length;
  const tiles = {};
  ranks.forEach((row, r) => row.split('').forEach((digit, f) => {
    tiles[FILES[f] + (n - r)] = Number(digit);
  }));
  return { n, tiles, side, markers: { b: builder, d: destroyer } };
}

function wykePlots(move) {
  const match = /^([0-9-]+)\((.*)\)$/.exec(move || '');
  return match ? { kind: match[1], plots: match[2].split(',') } : null;
}

function drawWyke(ctx) {
  const now = parseWyke(ctx.fen);
  const before = ctx.prevFen ? parseWyke(ctx.prevFen) : null;
  const n = now.n;
  const size = n === 4 ? 90 : 66;
  const chartX = 30 + n * size + 30;
  const height = Math.max(n * size + 50, 5 * 52 + 60);
  ctx.svg.setAttribute('viewBox', `0 0 ${chartX + 190} ${height}`);
  const last = wykePlots(ctx.lastMove);
  const lastMover = before ? before.side : null;
  const chosen = ctx.selection.slice(1);
  const amounts = (ctx.selection[0] || '').split('-').map(Number);
  const sign = now.side === 'b' ? '+' : '−';
  for (let f = 0; f < n; f++) {
    for (let r = 1; r <= n; r++) {
      const name = FILES[f] + r;
      const col = ctx.flip ? n - 1 - f : f;
      const row = ctx.flip ? r - 1 : n - r;
      const x = 30 + col * size;
      const y = 10 + row * size;
      const count = now.tiles[name];
      const fill = count === 8 ? BUILDER : count === 0 ? DESTROYER : `hsl(35, 45%, ${92 - count * 5}%)`;
      const group = clickable(ctx, 'data-cell', name, el('rect', { x: x + 2, y: y + 2, width: size - 4, height: size - 4, rx: 6, fill }));
      const claimed = count === 8 || count === 0;
      const ink = claimed ? '#fff' : '#2b2620';
      text(group, x + size / 2, y + size / 2 - 6, claimed ? (count === 8 ? 'B' : 'D') : String(count), { 'font-size': size * 0.38, 'font-weight': 700, fill: ink });
      // The tiles as pips, two rows of four.
      for (let t = 0; t < count; t++) {
        el('rect', { x: x + size / 2 - 22 + (t % 4) * 11, y: y + size - 22 + Math.floor(t / 4) * 8, width: 9, height: 6, rx: 1, fill: claimed ? 'rgba(255,255,255,0.7)' : '#9c6b3a' }, group);
      }
      if (last && last.plots.includes(name)) {
        group.classList.add('last');
        const change = before.tiles[name] - count;
        badge(el('g', { class: 'piece' }, group), x + 14, y + 14, (lastMover === 'b' ? '+' : '−') + Math.abs(change), lastMover === 'b' ? BUILDER : DESTROYER);
        pop(ctx, name);
        if (claimed && before.tiles[name] !== count) {
          el('rect', { x: x + 6, y: y + 6, width: size - 12, height: size - 12, rx: 5, fill: 'none', stroke: '#e8b93a', 'stroke-width': 3, 'stroke-dasharray': '6 3' }, group);
        }
      }
      const order = chosen.indexOf(name);
      if (order >= 0) badge(group, x + size - 14, y + 14, sign + (amounts[order] || 1), '#2f6f8f');
      legalDot(ctx, group, x + size - 14, y + size - 14, 6);
      if (r === 1 || (ctx.flip && r === n)) {
        text(ctx.svg, x + size / 2, ctx.flip ? 4 : n * size + 24, FILES[f], { 'font-size': 13, class: 'coord' });
      }
    }
    text(ctx.svg, 16, 10 + (ctx.flip ? f : n - 1 - f) * size + size / 2, String(f + 1), { 'font-size': 13, class: 'coord' });
  }
  // The move-type chart with both markers.
  text(ctx.svg, chartX + 80, 18, 'move types', { 'font-size': 13, class: 'coord' });
  WYKE_KINDS.forEach((kind, i) => {
    const y = 34 + i * 52;
    const blocked = now.markers.b === kind || now.markers.d === kind;
    const group = clickable(ctx, 'data-kind', kind, el('rect', { x: chartX, y, width: 160, height: 44, rx: 6, fill: blocked ? '#d9d2c6' : '#f7f0e1' }));
    if (ctx.selection[0] === kind) group.classList.add('selected');
    if (last && last.kind === kind) group.classList.add('last');
    text(group, chartX + 62, y + 22, kind, { 'font-size': 16, 'font-weight': 600, fill: blocked ? '#8a8173' : '#2b2620' });
    if (now.markers.b === kind) badge(group, chartX + 128, y + 22, 'B', BUILDER);
    if (now.markers.d === kind) badge(group, chartX + 150, y + 22, 'D', DESTROYER);
    legalDot(ctx, group, chartX + 12, y + 22, 5);
  });
  legend(ctx, [
    [(s) => el('rect', { x: 1, y: 1, width: 14, height: 14, rx: 3, fill: BUILDER }, s), 'Builder (adds tiles; a plot at 8 is his)'],
    [(s) => el('rect', { x: 1, y: 1, width: 14, height: 14, rx: 3, fill: DESTROYER }, s), 'Destroyer (removes; a plot at 0 is his)'],
    [(s) => el('circle', { cx: 8, cy: 8, r: 7, fill: '#2f6f8f' }, s), 'chosen plot and its amount'],
    [(s) => el('circle', { cx: 8, cy: 8, r: 7, fill: '#9c6b3a' }, s), 'B / D on the chart: each side\'s marker (its type is barred)'],
  ]);
}

// ---------------------------------------------------------------- Pylyx
function parsePylyx(fen) {
  const [board, side, white, black] = fen.trim().split(/\s+/);
  const ranks = board.split('/');
  const n = ranks.length;
  const cells = {};
  ranks.forEach((row, r) => {
    let file = 0;
    for (const token of row.match(/\d+|[A-Ja-j]/g) || []) {
      if (/\d/.test(token)) {
        file += Number(token);
      } else {
        const white = token === token.toUpperCase();
        cells[FILES[file] + (n - r)] = { white, height: token.toLowerCase().charCodeAt(0) - 96 };
        file += 1;
      }
    }
  });
  return { n, cells, side, hands: [Number(white), Number(black)] };
}

function drawPylyx(ctx) {
  const now = parsePylyx(ctx.fen);
  const n = now.n;
  const size = n === 12 ? 44 : 52;
  const width = 30 + n * size + 20;
  ctx.svg.setAttribute('viewBox', `0 0 ${width} ${n * size + 90}`);
  const last = (ctx.lastMove || '').split('/')[0].split('-');
  for (let f = 0; f < n; f++) {
    for (let r = 1; r <= n; r++) {
      const corner = (f === 0 || f === n - 1) && (r === 1 || r === n);
      if (corner) continue;
      const name = FILES[f] + r;
      const col = ctx.flip ? n - 1 - f : f;
      const row = ctx.flip ? r - 1 : n - r;
      const x = 30 + col * size;
      const y = 10 + row * size;
      const inner = f > 0 && f < n - 1 && r > 1 && r < n;
      const group = clickable(ctx, 'data-cell', name, el('rect', { x, y, width: size, height: size, fill: inner ? '#efe3c8' : '#d6c3a0' }));
      if (last.includes(name)) group.classList.add('last');
      const stack = now.cells[name];
      if (stack) {
        const cx = x + size / 2;
        const cy = y + size / 2;
        const fill = stack.white ? '#fbf8f0' : '#2b2620';
        const piece = el('g', { class: 'piece' }, group);
        // Checkers under the top one, as offset rims.
        for (let k = Math.min(stack.height, 4) - 1; k > 0; k--) {
          el('circle', { cx, cy: cy + k * 2.5, r: size * 0.36, fill, stroke: '#7a7064' }, piece);
        }
        el('circle', { cx, cy, r: size * 0.36, fill, stroke: '#2b2620', 'stroke-width': 1.5 }, piece);
        text(piece, cx, cy, String(stack.height), { 'font-size': size * 0.36, 'font-weight': 700, fill: stack.white ? '#2b2620' : '#fbf8f0' });
      }
      legalDot(ctx, group, x + size / 2, y + size / 2, stack ? 5 : 7);
    }
    text(ctx.svg, 30 + (ctx.flip ? n - 1 - f : f) * size + size / 2, n * size + 22, FILES[f], { 'font-size': 12, class: 'coord' });
    text(ctx.svg, 15, 10 + (ctx.flip ? f : n - 1 - f) * size + size / 2, String(f + 1), { 'font-size': 12, class: 'coord' });
  }
  if (last.length === 2) slide(ctx, last[0], last[1]);
  else if (last[0]) pop(ctx, last[0]);
  // Checkers in hand.
  ['White', 'Black'].forEach((who, i) => {
    const y = n * size + 48 + i * 24;
    text(ctx.svg, 70, y, `${who} in hand: ${now.hands[i]}`, { 'font-size': 13, fill: '#2b2620' });
    for (let k = 0; k < now.hands[i]; k++) {
      el('circle', { cx: 140 + k * 18, cy: y, r: 7, fill: i === 0 ? '#fbf8f0' : '#2b2620', stroke: '#2b2620' }, ctx.svg);
    }
  });
  legend(ctx, [
    [(s) => el('circle', { cx: 8, cy: 8, r: 6, fill: '#fbf8f0', stroke: '#2b2620' }, s), 'White stack (its height)'],
    [(s) => el('circle', { cx: 8, cy: 8, r: 6, fill: '#2b2620' }, s), 'Black stack'],
    [(s) => el('rect', { x: 1, y: 1, width: 14, height: 14, fill: '#efe3c8', stroke: '#8c7e6a' }, s), 'placement area'],
    [(s) => el('path', { d: 'M2 14 L14 2 M9 2 L14 2 L14 7', stroke: '#2b2620', fill: 'none', 'stroke-width': 1.5 }, s), 'lift 1 moves diagonally, 2 orthogonally, 3 either way'],
  ]);
}

// ---------------------------------------------------------------- Wyx
const WYX_COLOURS = ['#3f8f5a', '#3a6fb0', '#b0503a', '#b08a2a'];
const WYX_DIRECTIONS = ['up-left', 'down-left', 'down-right', 'up-right'];

function parseWyx(fen) {
  const [board, horsemen, rack, hands, side] = fen.trim().split(/\s+/);
  const squares = {};
  board.split('/').forEach((row, r) => {
    let file = 0;
    for (const token of row.match(/[WB][23]|[.wb23]/g) || []) {
      squares[FILES[file] + (8 - r)] = token;
      file += 1;
    }
  });
  const columns = rack.split('/').map((c) => (c === '-' ? [] : c.split(',')));
  return { squares, horsemen: horsemen.split(','), columns, hands: hands.split(',').map(Number), side };
}

function jump(domino) {
  const match = /^([+-]\d)([+-]\d)$/.exec(domino);
  return match ? [Number(match[1]), Number(match[2])] : [0, 0];
}

function shifted(square, [dx, dy]) {
  const file = FILES.indexOf(square[0]) + dx;
  const rank = Number(square.slice(1)) + dy;
  return file >= 0 && file < 8 && rank >= 1 && rank <= 8 ? FILES[file] + rank : null;
}

function drawWyx(ctx) {
  const now = parseWyx(ctx.fen);
  const before = ctx.prevFen ? parseWyx(ctx.prevFen) : null;
  const size = 60;
  const rackX = 30 + 8 * size + 30;
  const cw = 46;
  const ch = 40;
  ctx.svg.setAttribute('viewBox', `0 0 ${rackX + 8 * cw + 10} ${8 * size + 90}`);
  const moverIndex = now.side === 'w' ? 0 : 1;
  const lastIndex = before ? (before.side === 'w' ? 0 : 1) : -1;
  for (let f = 0; f < 8; f++) {
    for (let r = 1; r <= 8; r++) {
      const name = FILES[f] + r;
      const col = ctx.flip ? 7 - f : f;
      const row = ctx.flip ? r - 1 : 8 - r;
      const x = 30 + col * size;
      const y = 10 + row * size;
      const square = now.squares[name];
      const strong = /[23]/.test(square);
      const owner = square[0] === 'W' ? 'w' : square[0] === 'B' ? 'b' : null;
      const fill = owner === 'w' ? '#f4ecd9' : owner === 'b' ? '#8f8372' : strong ? '#e6cf98' : (f + r) % 2 ? '#efe6d2' : '#e4d8bf';
      const group = clickable(ctx, 'data-cell', name, el('rect', { x, y, width: size, height: size, fill }));
      if (strong) {
        el('rect', { x: x + 4, y: y + 4, width: size - 8, height: size - 8, fill: 'none', stroke: '#8a6a2a', 'stroke-width': 2, 'stroke-dasharray': owner ? '' : '4 3' }, group);
        text(group, x + 11, y + 12, square.slice(-1), { 'font-size': 12, 'font-weight': 700, fill: '#8a6a2a' });
      }
      const tokens = owner ? Number(square[1]) : square === 'w' || square === 'b' ? 1 : 0;
      const white = owner ? owner === 'w' : square === 'w';
      for (let k = 0; k < tokens; k++) {
        el('circle', { cx: x + size / 2 + (k - (tokens - 1) / 2) * 13, cy: y + size - 14, r: 7, fill: white ? '#fbf8f0' : '#2b2620', stroke: '#2b2620' }, group);
      }
      const horseman = now.horsemen.indexOf(name);
      if (horseman >= 0) {
        const cx = x + size / 2;
        const cy = y + size / 2 - 6;
        const piece = el('g', { class: 'piece' }, group);
        el('path', { d: `M${cx - 13} ${cy + 12} L${cx - 13} ${cy - 6} L${cx} ${cy - 15} L${cx + 13} ${cy - 6} L${cx + 13} ${cy + 12} Z`, fill: horseman === 0 ? '#fbf8f0' : '#2b2620', stroke: horseman === moverIndex ? '#2f6f8f' : '#2b2620', 'stroke-width': horseman === moverIndex ? 3 : 1.5 }, piece);
        text(piece, cx, cy, 'H', { 'font-size': 14, 'font-weight': 700, fill: horseman === 0 ? '#2b2620' : '#fbf8f0' });
      }
      if (before) {
        if (name === before.horsemen[lastIndex] || name === now.horsemen[lastIndex]) group.classList.add('last');
        const was = before.squares[name];
        if ((was === 'w' || was === 'b') && was !== square && !strong) badge(group, x + size - 12, y + 12, '↩', '#b3261e');
        if (strong && owner && !/[WB]/.test(was)) badge(group, x + size - 12, y + 12, '★', '#8a6a2a');
      }
      legalDot(ctx, group, x + size / 2, y + size / 2, 7);
    }
    text(ctx.svg, 30 + (ctx.flip ? 7 - f : f) * size + size / 2, 8 * size + 24, FILES[f], { 'font-size': 13, class: 'coord' });
    text(ctx.svg, 15, 10 + (ctx.flip ? f : 7 - f) * size + size / 2, String(f + 1), { 'font-size': 13, class: 'coord' });
  }
  if (before && lastIndex >= 0) slide(ctx, before.horsemen[lastIndex], now.horsemen[lastIndex]);
  // The rack: eight columns, the bottom domino of each available.
  text(ctx.svg, rackX + 4 * cw, 18, 'rack (bottom row available)', { 'font-size': 13, class: 'coord' });
  now.columns.forEach((column, c) => {
    const colour = WYX_COLOURS[Math.floor(c / 2)];
    column.forEach((domino, k) => {
      const x = rackX + c * cw;
      const y = 30 + (7 - k) * ch;
      const available = k === 0;
      const target = available ? shifted(now.horsemen[moverIndex], jump(domino)) : null;
      const shape = el('rect', { x: x + 2, y: y + 2, width: cw - 4, height: ch - 4, rx: 5, fill: colour, opacity: available ? 1 : 0.45 });
      // A domino that cannot be taken is clicked by its own name: the
      // rules then say why (not at the bottom, off the board).
      const group = clickable(ctx, 'data-domino', available && target ? target : domino, shape);
      group.setAttribute('data-domino-jump', domino);
      const [dx, dy] = jump(domino);
      text(group, x + cw / 2, y + ch / 2, `${dx >= 0 ? '+' : '−'}${Math.abs(dx)} ${dy >= 0 ? '+' : '−'}${Math.abs(dy)}`, { 'font-size': 12, 'font-weight': 600, fill: '#fff' });
    });
  });
  ['White', 'Black'].forEach((who, i) => {
    text(ctx.svg, 30 + 2 * size, 8 * size + 50 + i * 22, `${who} in hand: ${now.hands[i]}`, { 'font-size': 14, fill: '#2b2620', 'font-weight': i === moverIndex ? 700 : 400 });
  });
  legend(ctx, WYX_DIRECTIONS.map((words, i) => [(s) => el('rect', { x: 1, y: 3, width: 14, height: 10, rx: 2, fill: WYX_COLOURS[i] }, s), `${words} dominoes`]).concat([
    [(s) => el('rect', { x: 2, y: 2, width: 12, height: 12, fill: '#e6cf98', stroke: '#8a6a2a', 'stroke-dasharray': '3 2' }, s), 'stronghold (its worth)'],
    [(s) => el('path', { d: 'M2 14 L2 6 L8 2 L14 6 L14 14 Z', fill: '#fbf8f0', stroke: '#2b2620' }, s), 'horseman (ringed: to move)'],
    [(s) => el('circle', { cx: 8, cy: 8, r: 6, fill: '#b3261e' }, s), '↩ token sent back to hand, ★ stronghold set'],
  ]));
}

// The drawings, by the name the board gives each game's (state.look.drawing,
// from the board crate's games.rs).
export const Draw = {
  alak: drawAlak,
  wyke: drawWyke,
  pylyx: drawPylyx,
  wyx: drawWyx,
};
