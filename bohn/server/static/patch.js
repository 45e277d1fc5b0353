// Redrawing only what changed. A state message changes a part of the table
// (a seat's field, the piles), and a part drawn anew costs the browser its
// style and layout again; a part whose data is the same keeps its elements,
// so the browser lays out only what changed. A part is an element built by
// ``build``, named by ``key`` (its place among its box's parts) and with a
// ``sig``: a string of everything it is drawn from, or null for a part drawn
// anew every time (one that holds live controls, such as your own seat).

const sigs = new WeakMap(); // part -> the sig it was built from

/** A part of a box: its key, its sig (null: always drawn anew) and its builder. */
export const part = (key, sig, build) => ({ key, sig, build });

function make(p) {
  const node = p.build();
  node.dataset.part = p.key;
  if (p.sig === null) sigs.delete(node);
  else sigs.set(node, p.sig);
  return node;
}

/** Make ``box`` hold ``parts`` in order: the parts of the same key and sig
 * stay as they are, the others are built in their place; a box whose parts
 * differ in number or order is drawn anew. */
export function patch(box, parts) {
  const old = [...box.children];
  const same = old.length === parts.length && parts.every((p, k) => old[k].dataset.part === p.key);
  if (!same) {
    box.replaceChildren(...parts.map(make));
    return;
  }
  parts.forEach((p, k) => {
    if (p.sig === null || sigs.get(old[k]) !== p.sig) old[k].replaceWith(make(p));
  });
}
