// The rules view: a game's lesson, written once in the rules crate beside
// the game (the guide's page for the game is written from the same text),
// drawn here with the board's own drawings; its exercises are played by
// clicks, each answer judged by the rules (`exercise`), a refused click
// explained by them, with a hint and a "show me".

import { openDialog } from './dialog.js';
import { Draw } from './draw.js';
import { $, inline, onState, page, query } from './state.js';

let shownGame = null;

// Draws `fen` (after `move` from `before`, if given) into a new SVG; the
// tokens the drawing has a place for are in its `drawn`.
function drawing(look, fen, before, move, extra) {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('role', 'img');
  const ctx = Object.assign({
    svg,
    fen,
    prevFen: before || null,
    lastMove: move || null,
    flip: false,
    selection: [],
    legal: new Set(),
    click: () => {},
    legend: null,
    drawn: new Set(),
    animate: false,
  }, extra || {});
  Draw[look.drawing](ctx);
  svg.drawn = ctx.drawn;
  return svg;
}

function paragraph(text, className) {
  const p = inline(document.createElement('p'), text);
  if (className) p.className = className;
  return p;
}

// An exercise: its board takes clicks along the click paths of its
// position; a completed move is judged by the rules.
function exercise(lesson, block, number) {
  const box = document.createElement('section');
  box.className = 'exercise';
  box.dataset.test = 'exercise';
  box.dataset.index = block.index;
  const title = document.createElement('h3');
  title.textContent = `Exercise ${number}`;
  const board = document.createElement('div');
  board.className = 'exercise-board';
  const reason = document.createElement('p');
  reason.className = 'small warn';
  reason.dataset.test = 'exercise-reason';
  reason.setAttribute('role', 'status');
  const answer = document.createElement('p');
  answer.className = 'answer';
  answer.dataset.test = 'exercise-answer';
  answer.setAttribute('role', 'status');
  const hint = paragraph(block.hint, 'hint');
  hint.hidden = true;
  const ex = { selection: [], legal: new Set(), fen: block.fen, before: null, move: null, done: false };
  const ask = (args) => query('exercise', Object.assign({ game: lesson.game, index: block.index }, args));
  const draw = () => {
    const svg = drawing(lesson.look, ex.fen, ex.before, ex.move, {
      selection: ex.selection, legal: ex.legal, click: (token) => clicked(token),
    });
    svg.setAttribute('role', 'group');
    svg.setAttribute('aria-label', `exercise ${number}: ${block.prompt}`);
    board.replaceChildren(svg);
    for (const token of ex.legal) {
      if (svg.drawn.has(token)) continue;
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = token;
      button.dataset.choice = token;
      button.dataset.legal = 'true';
      button.addEventListener('click', () => clicked(token));
      board.appendChild(button);
    }
  };
  const follow = async () => {
    const reply = await ask({ selection: ex.selection });
    if (!reply) return;
    if (reply.complete) return judge(reply.complete, false);
    ex.legal = new Set(reply.next);
    draw();
  };
  const judge = async (move, shown) => {
    const reply = await ask({ move });
    if (!reply) return;
    if (reply.reason) {
      reason.textContent = reply.reason;
      return;
    }
    Object.assign(ex, { fen: reply.fen, before: reply.prevFen, move: reply.move, selection: [], legal: new Set() });
    draw();
    const solved = reply.answer === 'solved';
    answer.className = solved ? 'answer solved' : 'answer wrong';
    answer.dataset.answer = reply.answer;
    answer.textContent = shown ? `This solves it: ${reply.move}.`
      : solved ? `Solved: ${reply.move}.` : `${reply.move} is legal, but not what is asked: try again.`;
    ex.done = true;
    if (!solved) setTimeout(reset, 1600);
  };
  const clicked = async (token) => {
    if (ex.done) return;
    reason.textContent = '';
    if (ex.legal.has(token)) {
      ex.selection.push(token);
      return follow();
    }
    if (ex.selection.length > 0 && ex.selection[ex.selection.length - 1] === token) {
      ex.selection = [];
      return follow();
    }
    const fresh = ex.selection.length > 0 ? await ask({ selection: [token] }) : null;
    if (fresh && (fresh.next.length > 0 || fresh.complete)) {
      ex.selection = [token];
      return follow();
    }
    const refused = await ask({ selection: ex.selection.concat([token]) });
    if (refused && refused.reason) reason.textContent = refused.reason;
  };
  const reset = () => {
    Object.assign(ex, { selection: [], legal: new Set(), fen: block.fen, before: null, move: null, done: false });
    answer.textContent = '';
    answer.className = 'answer';
    reason.textContent = '';
    follow();
  };
  const buttons = document.createElement('div');
  buttons.className = 'toolbar';
  const make = (label, test, action) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = label;
    button.dataset.test = test;
    button.addEventListener('click', action);
    buttons.appendChild(button);
  };
  make('Hint', 'hint', () => { hint.hidden = false; });
  make('Show me', 'show-me', async () => {
    const reply = await ask({ show: true });
    if (reply) judge(reply.show, true);
  });
  make('Start again', 'again', reset);
  box.append(title, paragraph(block.prompt), board, reason, answer, buttons, hint);
  follow();
  return box;
}

function renderLesson(lesson) {
  const article = $('lesson');
  article.replaceChildren();
  article.dataset.game = lesson.game;
  const h1 = document.createElement('h1');
  h1.textContent = lesson.title;
  article.append(h1, paragraph(lesson.goal, 'goal'));
  if (lesson.variantOf) {
    const note = document.createElement('p');
    note.append(`It is played as ${lesson.variantOf.title}, whose rules come first: `);
    const link = document.createElement('button');
    link.type = 'button';
    link.textContent = `read ${lesson.variantOf.title}`;
    link.addEventListener('click', () => showLesson(lesson.variantOf.game));
    note.append(link, '. What differs is below.');
    article.append(note);
  }
  let exercises = 0;
  for (const block of lesson.blocks) {
    if (block.kind === 'heading') {
      const h2 = document.createElement('h2');
      h2.textContent = block.text;
      article.append(h2);
    } else if (block.kind === 'paragraph') {
      article.append(paragraph(block.text));
    } else if (block.kind === 'list') {
      const list = document.createElement('ul');
      for (const item of block.items) list.append(inline(document.createElement('li'), item));
      article.append(list);
    } else if (block.kind === 'diagram') {
      const figure = document.createElement('figure');
      figure.dataset.test = 'diagram';
      const svg = drawing(lesson.look, block.fen, block.before, block.move);
      svg.setAttribute('aria-label', block.caption);
      const caption = inline(document.createElement('figcaption'), block.caption);
      figure.append(svg, caption);
      article.append(figure);
    } else if (block.kind === 'exercise') {
      exercises += 1;
      article.append(exercise(lesson, block, exercises));
    }
  }
  const play = document.createElement('button');
  play.type = 'button';
  play.className = 'primary';
  play.textContent = `Play ${lesson.title}`;
  play.addEventListener('click', () => {
    showView('play');
    openDialog();
    $('dialog-game').value = lesson.game;
    $('dialog-game').dispatchEvent(new Event('change'));
  });
  article.append(play);
}

// Shows the lesson of `game`.
export async function showLesson(game) {
  shownGame = game;
  for (const button of $('rules-games').querySelectorAll('button')) {
    button.setAttribute('aria-pressed', String(button.dataset.game === game));
  }
  const lesson = await query('lesson', { game });
  if (lesson && shownGame === game) renderLesson(lesson);
}

// Shows the board (`play`) or the rules (`rules`).
export function showView(view) {
  $('play').hidden = view !== 'play';
  $('rules').hidden = view !== 'rules';
  $('view-play').setAttribute('aria-pressed', String(view === 'play'));
  $('view-rules').setAttribute('aria-pressed', String(view === 'rules'));
  if (view === 'rules' && page.state) showLesson(shownGame || page.state.game);
}

export function wireLesson() {
  $('view-play').addEventListener('click', () => showView('play'));
  $('view-rules').addEventListener('click', () => { shownGame = page.state.game; showView('rules'); });
  $('brand').addEventListener('click', (event) => { event.preventDefault(); showView('play'); });
}

onState((state) => {
  const nav = $('rules-games');
  if (nav.childElementCount === 0) {
    for (const game of state.catalog) {
      const button = document.createElement('button');
      button.type = 'button';
      button.dataset.game = game.name;
      button.textContent = game.title;
      button.setAttribute('aria-pressed', 'false');
      button.addEventListener('click', () => showLesson(game.name));
      nav.appendChild(button);
    }
  }
});
