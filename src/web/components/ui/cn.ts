/**
 * Joins class names and lets a later Tailwind class replace an earlier one of the same kind
 * (`cn('h-9 px-4', 'h-auto p-4')` -> `'h-auto p-4'`). Without this, a caller's `className`
 * could lose to a component default, because Tailwind orders utilities by property, not by
 * where they appear. Only the utilities our components set by default are grouped; everything
 * else is simply joined.
 */
export type ClassValue = string | number | bigint | boolean | null | undefined | ClassValue[];

/**
 * Every component calls `cn` with the same few class strings on every render: the answers (and
 * each token's group) are remembered, which took about 60 ms of a task page's first render off
 * the main thread under Lighthouse's 4x slowdown (decision 0408). Both memos are bounded: class
 * strings built from data start them afresh instead of growing them without end.
 */
const MEMO_LIMIT = 2000;
const answers = new Map<string, string>();
const keys = new Map<string, string | null>();

const remember = <V>(memo: Map<string, V>, key: string, value: V): V => {
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(key, value);
  return value;
};

export function cn(...inputs: ClassValue[]): string {
  // Only calls made of strings (and nothing) are remembered: arrays and numbers are rare.
  let memoKey: string | null = '';
  for (const input of inputs) {
    if (typeof input === 'string') memoKey += `${input}\u0001`;
    else if (input === undefined || input === null || input === false) memoKey += '\u0001';
    else {
      memoKey = null;
      break;
    }
  }
  if (memoKey !== null) {
    const known = answers.get(memoKey);
    if (known !== undefined) return known;
    return remember(answers, memoKey, merge(inputs));
  }
  return merge(inputs);
}

function merge(inputs: ClassValue[]): string {
  const tokens: string[] = [];
  collect(inputs, tokens);

  const kept: { token: string; key: string | null }[] = [];
  for (const token of tokens) {
    const known = keys.get(token);
    const key = known !== undefined ? known : remember(keys, token, conflictKey(token));
    if (key) {
      const [variant, group] = splitKey(key);
      const replaced = new Set([group, ...(OVERRIDES[group] ?? [])]);
      for (let i = kept.length - 1; i >= 0; i--) {
        const previous = kept[i].key;
        if (!previous) continue;
        const [previousVariant, previousGroup] = splitKey(previous);
        if (previousVariant === variant && replaced.has(previousGroup)) kept.splice(i, 1);
      }
    }
    kept.push({ token, key });
  }
  return kept.map((entry) => entry.token).join(' ');
}

function collect(value: ClassValue, out: string[]): void {
  if (Array.isArray(value)) {
    for (const item of value) collect(item, out);
    return;
  }
  if (!value || value === true) return;
  for (const token of String(value).split(/\s+/)) if (token) out.push(token);
}

const SEPARATOR = '\u0000';
const splitKey = (key: string) => key.split(SEPARATOR) as [string, string];

/** A later class of the key group also removes earlier classes of these groups. */
const OVERRIDES: Record<string, string[]> = {
  p: ['px', 'py', 'pt', 'pr', 'pb', 'pl', 'ps', 'pe'],
  px: ['pl', 'pr', 'ps', 'pe'],
  py: ['pt', 'pb'],
  m: ['mx', 'my', 'mt', 'mr', 'mb', 'ml', 'ms', 'me'],
  mx: ['ml', 'mr', 'ms', 'me'],
  my: ['mt', 'mb'],
  size: ['h', 'w'],
  gap: ['gap-x', 'gap-y'],
  inset: ['inset-x', 'inset-y', 'top', 'right', 'bottom', 'left'],
  'inset-x': ['left', 'right'],
  'inset-y': ['top', 'bottom'],
  rounded: ['rounded-t', 'rounded-b', 'rounded-l', 'rounded-r'],
  overflow: ['overflow-x', 'overflow-y'],
};

const EXACT: Record<string, string> = {
  ...Object.fromEntries(
    [
      'block',
      'inline-block',
      'inline',
      'flex',
      'inline-flex',
      'grid',
      'inline-grid',
      'hidden',
      'contents',
      'table',
    ].map((name) => [name, 'display']),
  ),
  ...Object.fromEntries(
    ['static', 'fixed', 'absolute', 'relative', 'sticky'].map((name) => [name, 'position']),
  ),
  ...Object.fromEntries(
    ['flex-row', 'flex-col', 'flex-row-reverse', 'flex-col-reverse'].map((name) => [name, 'flex-direction']),
  ),
  ...Object.fromEntries(['flex-wrap', 'flex-nowrap', 'flex-wrap-reverse'].map((name) => [name, 'flex-wrap'])),
  ...Object.fromEntries(['flex-1', 'flex-auto', 'flex-none', 'flex-initial'].map((name) => [name, 'flex'])),
};

/** Checked in order, so longer prefixes come before the shorter ones they start with. */
// prettier-ignore
const PREFIXES = [
  'min-h', 'max-h', 'min-w', 'max-w', 'size', 'h', 'w',
  'gap-x', 'gap-y', 'gap',
  'px', 'py', 'pt', 'pr', 'pb', 'pl', 'ps', 'pe', 'p',
  'mx', 'my', 'mt', 'mr', 'mb', 'ml', 'ms', 'me', 'm',
  'inset-x', 'inset-y', 'inset', 'top', 'right', 'bottom', 'left', 'z',
  'rounded-t', 'rounded-b', 'rounded-l', 'rounded-r', 'rounded',
  'overflow-x', 'overflow-y', 'overflow',
  'items', 'justify', 'self', 'whitespace', 'leading', 'tracking', 'opacity', 'shadow', 'cursor',
  'grid-cols', 'col-span', 'underline-offset', 'line-clamp',
] as const;

const TEXT_SIZES = new Set([
  'xs',
  'sm',
  'base',
  'lg',
  'xl',
  '2xl',
  '3xl',
  '4xl',
  '5xl',
  '6xl',
  '7xl',
  '8xl',
  '9xl',
]);
const TEXT_ALIGN = new Set(['left', 'center', 'right', 'justify', 'start', 'end']);
const TEXT_WRAP = new Set(['wrap', 'nowrap', 'balance', 'pretty', 'ellipsis', 'clip']);
const FONT_WEIGHTS = new Set([
  'thin',
  'extralight',
  'light',
  'normal',
  'medium',
  'semibold',
  'bold',
  'extrabold',
  'black',
]);
const BORDER_STYLES = new Set(['solid', 'dashed', 'dotted', 'double', 'none', 'hidden']);
const BORDER_SIDES = /^(x|y|t|r|b|l|s|e)(-|$)/;
const WIDTH_VALUE = /^(\d+|\[\d[^\]]*\])$/;
const LENGTH_VALUE = /^\[(length:)?\d/;

/** `variants + separator + group` for a class that can conflict, otherwise null. */
function conflictKey(token: string): string | null {
  const variantEnd = lastTopLevelColon(token);
  const variant = variantEnd === -1 ? '' : token.slice(0, variantEnd);
  let utility = token.slice(variantEnd + 1);
  if (utility.startsWith('!')) utility = utility.slice(1);
  if (utility.endsWith('!')) utility = utility.slice(0, -1);
  if (utility.startsWith('-')) utility = utility.slice(1);
  const group = utilityGroup(utility);
  return group ? `${variant}${SEPARATOR}${group}` : null;
}

function utilityGroup(utility: string): string | null {
  if (EXACT[utility]) return EXACT[utility];
  const [name, value = ''] = splitFirst(utility);
  const bare = value.split('/')[0];

  switch (name) {
    case 'text':
      if (TEXT_SIZES.has(bare) || LENGTH_VALUE.test(bare)) return 'font-size';
      if (TEXT_ALIGN.has(bare)) return 'text-align';
      if (TEXT_WRAP.has(bare)) return 'text-wrap';
      return 'text-color';
    case 'font':
      return FONT_WEIGHTS.has(bare) ? 'font-weight' : 'font-family';
    case 'bg':
      return 'bg-color';
    case 'border':
      if (value === '' || WIDTH_VALUE.test(value)) return 'border-width';
      if (BORDER_SIDES.test(value) || value === 'collapse' || value === 'separate') return null;
      return BORDER_STYLES.has(value) ? 'border-style' : 'border-color';
    case 'ring':
      if (value === '' || WIDTH_VALUE.test(value)) return 'ring-width';
      if (value === 'inset' || value.startsWith('offset')) return null;
      return 'ring-color';
  }

  for (const prefix of PREFIXES) {
    if (utility === prefix || utility.startsWith(`${prefix}-`)) return prefix;
  }
  return null;
}

function splitFirst(utility: string): [string, string?] {
  const dash = utility.indexOf('-');
  return dash === -1 ? [utility] : [utility.slice(0, dash), utility.slice(dash + 1)];
}

function lastTopLevelColon(token: string): number {
  let depth = 0;
  let last = -1;
  for (let i = 0; i < token.length; i++) {
    const char = token[i];
    if (char === '[' || char === '(') depth++;
    else if (char === ']' || char === ')') depth--;
    else if (char === ':' && depth === 0) last = i;
  }
  return last;
}
