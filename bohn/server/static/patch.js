// Redrawing only what changed. A state message changes a part of the table
// (a seat's field, the piles), and every element drawn anew costs the browser
// its style, its layout and its paint again. So the page draws a part's new
// elements off the page and then brings the elements on the page up to them
// (``morph``): an element that is the same stays, one whose attributes or text
// changed is changed in place, and only what is new is added. A part whose data
// is the same is not even drawn: it is named by ``key`` (its place among its
// box's parts) and has a ``sig``, a string of everything it is drawn from (or
// null for a part that is drawn every time, such as your own seat).
//
// Listeners: an element given listeners by ``el`` (its on… attributes) is
// ``wired``, and a form control holds what was typed or ticked: the new one
// always takes its place, with its own listeners and state. The cards
// and places you move by hand (data-src, data-dst: table.js) read what they
// are from their attributes when an event comes, so they are changed in place
// like any element, as long as both or neither take moves (``armed``).

/** The elements with listeners of their own (common.js ``el``). */
export const wired = new WeakSet();
/** The cards and places that take moves by hand (table.js). */
export const armed = new WeakSet();
/** A card drawn as a copy of one drawing (cards.js) -> that drawing: two
 * copies of one drawing differ only in their own attributes, so a copy on
 * the page is brought up to another by its attributes alone. */
export const copies = new WeakMap();

const sigs = new WeakMap(); // part -> the sig it was built from

/** A part of a box: its key, its sig (null: always drawn anew) and its builder. */
export const part = (key, sig, build) => ({ key, sig, build });

function make(p) {
  const node = p.build();
  node.dataset.part = p.key;
  return node;
}

function remember(node, p) {
  if (p.sig === null) sigs.delete(node);
  else sigs.set(node, p.sig);
}

/** Make ``box`` hold ``parts`` in order: the parts of the same key and sig
 * stay as they are, the others are drawn and brought up to date in place. */
export function patch(box, parts) {
  const old = [...box.children];
  const same = old.length === parts.length && parts.every((p, k) => old[k].dataset.part === p.key);
  if (!same) {
    morphChildren(box, parts.map(make));
    [...box.children].forEach((n, k) => remember(n, parts[k]));
    return;
  }
  parts.forEach((p, k) => {
    if (p.sig !== null && sigs.get(old[k]) === p.sig) return;
    remember(morph(old[k], make(p)), p);
  });
}

// ---------------------------------------------------------------- morph

// what an element is among its siblings: its tag and the first of these it has
const KEYS = ["data-part", "data-card", "data-field", "data-zone", "data-seat", "data-testid", "id"];

function keyOf(n) {
  if (n.nodeType !== 1) return "#";
  for (const k of KEYS) {
    const v = n.getAttribute(k);
    if (v !== null) return `${n.nodeName}|${k}=${v}`;
  }
  return n.nodeName;
}

// the form controls: what they hold is not in their attributes
const LIVE = new Set(["INPUT", "SELECT", "TEXTAREA", "OPTION"]);

/** Give ``old`` the attributes of ``neu``, writing only those that differ. */
function syncAttributes(old, neu) {
  const want = neu.attributes;
  for (let i = old.attributes.length - 1; i >= 0; i -= 1) {
    const name = old.attributes[i].name;
    if (!neu.hasAttribute(name)) old.removeAttribute(name);
  }
  for (let i = 0; i < want.length; i += 1) {
    const { name, value } = want[i];
    if (old.getAttribute(name) !== value) old.setAttribute(name, value);
  }
}

/** Bring ``old`` (on the page) up to ``neu`` (drawn off the page): the node
 * that is in its place afterwards, ``old`` kept or ``neu`` put instead. */
export function morph(old, neu) {
  if (old === neu) return old;
  if (old.nodeType !== neu.nodeType || old.nodeName !== neu.nodeName) {
    old.replaceWith(neu);
    return neu;
  }
  if (old.nodeType !== 1) {
    if (old.nodeValue !== neu.nodeValue) old.nodeValue = neu.nodeValue;
    return old;
  }
  if (wired.has(old) || wired.has(neu) || LIVE.has(old.nodeName) || armed.has(old) !== armed.has(neu)) {
    old.replaceWith(neu);
    return neu;
  }
  syncAttributes(old, neu);
  const drawing = copies.get(neu);
  if (drawing !== undefined && copies.get(old) === drawing) return old; // the same card drawn: its insides are the same
  copies.delete(old);
  morphChildren(old, [...neu.childNodes]);
  return old;
}

/** Make ``box``'s children the nodes ``next`` (drawn off the page), keeping
 * the children that match one of them by their key (``keyOf``) and order. */
export function morphChildren(box, next) {
  const keys = next.map(keyOf);
  // how many of each key are still to come, so that a child no later node
  // wants is dropped at once rather than pushed along
  const left = new Map();
  for (const k of keys) left.set(k, (left.get(k) ?? 0) + 1);
  let cur = box.firstChild;
  let curKey = cur && keyOf(cur);
  const step = () => {
    cur = cur.nextSibling;
    curKey = cur && keyOf(cur);
  };
  next.forEach((n, i) => {
    const k = keys[i];
    while (cur && curKey !== k && !left.get(curKey)) {
      const gone = cur;
      step();
      gone.remove();
    }
    left.set(k, left.get(k) - 1);
    if (cur && curKey === k) {
      const here = cur;
      step();
      morph(here, n);
    } else box.insertBefore(n, cur);
  });
  while (cur) {
    const gone = cur;
    step();
    gone.remove();
  }
}
