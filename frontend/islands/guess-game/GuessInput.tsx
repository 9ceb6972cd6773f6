// The guess field: an ARIA 1.2 combobox (editable, list autocomplete) over the names in
// the page language and in English. Typed text is never cleared here; the list of
// names is fetched the first time the field is used. Enter or a tap on a suggestion
// guesses at once; Pokémon already guessed are not suggested.
import {
  useEffect,
  useId,
  useMemo,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type RefObject,
} from "react";
import type { NameEntry } from "../../lib/api-types";
import { filterNames, withoutGuessed } from "../../lib/names";
import { loadNames } from "./api";
import { useIsland } from "./context";

type Props = {
  value: string;
  onChange: (value: string) => void;
  onSubmit: (name: string) => void;
  /** A guess is being judged: the field keeps focus but takes no input. */
  busy: boolean;
  describedBy?: string;
  inputRef: RefObject<HTMLInputElement | null>;
  /** Names guessed so far in this game: left out of the suggestions. */
  guessed: string[];
  /** Changes when a guess was refused: the text is selected, so typing replaces it. */
  refusals: number;
};

const MAX_OPTIONS = 8;

export function GuessInput({
  value,
  onChange,
  onSubmit,
  busy,
  describedBy,
  inputRef,
  guessed,
  refusals,
}: Props) {
  const { strings, urls } = useIsland();
  const [names, setNames] = useState<NameEntry[] | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [room, setRoom] = useState<number | null>(null);
  const id = useId();
  const listId = `${id}-list`;
  const inputId = `${id}-input`;

  const options = useMemo(
    () =>
      names
        ? withoutGuessed(filterNames(names, value, MAX_OPTIONS + guessed.length), guessed).slice(
            0,
            MAX_OPTIONS,
          )
        : [],
    [names, value, guessed],
  );
  const expanded = open && options.length > 0;
  // The first suggestion is highlighted until the arrow keys choose another, and Enter
  // sends the highlighted one: "pidg" and Enter guesses Pidgey.
  const current = expanded ? (active >= 0 && active < options.length ? active : 0) : -1;
  const chosen = current >= 0 ? (options[current]?.name ?? value) : value;
  const optionId = (i: number) => `${id}-option-${i}`;

  useEffect(() => {
    if (current >= 0)
      document.getElementById(`${id}-option-${current}`)?.scrollIntoView({ block: "nearest" });
  }, [current, id]);

  useEffect(() => {
    if (refusals > 0) inputRef.current?.select();
  }, [refusals, inputRef]);

  // Phones: once the on-screen keyboard is up, bring the field to the top of what is
  // still visible and let the list use the room left above the keyboard.
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport || !window.matchMedia("(pointer: coarse)").matches) return;
    const fit = () => {
      const field = inputRef.current;
      if (!field || document.activeElement !== field) return;
      const top = field.getBoundingClientRect().top - viewport.offsetTop;
      if (
        viewport.height < window.innerHeight * 0.85 &&
        (top < 0 || top > viewport.height * 0.35)
      ) {
        window.scrollBy({ top: top - 12 });
      }
      const bottom = field.getBoundingClientRect().bottom - viewport.offsetTop;
      setRoom(Math.max(120, viewport.height - bottom - 16));
    };
    viewport.addEventListener("resize", fit);
    const field = inputRef.current;
    field?.addEventListener("focus", fit);
    return () => {
      viewport.removeEventListener("resize", fit);
      field?.removeEventListener("focus", fit);
    };
  }, [inputRef]);

  function wantNames() {
    if (!names) loadNames(urls.names).then(setNames, () => {}); // without names, typing still works
  }

  function close() {
    setOpen(false);
    setActive(-1);
  }

  function send(name: string) {
    if (busy) return;
    close();
    onSubmit(name);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing || event.keyCode === 229) return; // IME (kana, hangul…)
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        wantNames();
        if (!expanded) {
          setOpen(true);
          setActive(0);
        } else {
          setActive((current + 1) % options.length);
        }
        break;
      case "ArrowUp":
        if (!expanded) return;
        event.preventDefault();
        setActive(current <= 0 ? options.length - 1 : current - 1);
        break;
      case "Enter":
        event.preventDefault();
        send(chosen);
        break;
      case "Escape":
        // Closes the list; the typed text always stays.
        if (expanded) {
          event.preventDefault();
          close();
        }
        break;
    }
  }

  return (
    <form
      className="gg-form"
      aria-busy={busy}
      onSubmit={(event) => {
        event.preventDefault();
        send(chosen);
      }}
    >
      <label className="gg-form__label" htmlFor={inputId}>
        {strings.inputLabel}
      </label>
      <div className="gg-form__row">
        <div className="gg-combo">
          <input
            ref={inputRef}
            id={inputId}
            className="gg-combo__input"
            type="text"
            dir="auto"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={current >= 0 ? optionId(current) : undefined}
            aria-describedby={describedBy}
            autoComplete="off"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint="go"
            placeholder={strings.placeholder}
            value={value}
            readOnly={busy}
            onChange={(event) => {
              onChange(event.target.value);
              setOpen(true);
              setActive(-1);
              wantNames();
            }}
            onFocus={wantNames}
            onBlur={close}
            onKeyDown={onKeyDown}
          />
          <ul
            id={listId}
            className="gg-combo__list"
            role="listbox"
            aria-label={strings.suggestionsLabel}
            hidden={!expanded}
            style={room === null ? undefined : ({ "--gg-room": `${room}px` } as CSSProperties)}
          >
            {expanded &&
              options.map((option, i) => (
                <li
                  key={`${i}-${option.name}`}
                  id={optionId(i)}
                  className="gg-combo__option"
                  role="option"
                  aria-selected={i === current}
                  onMouseDown={(event) => event.preventDefault()} // keep focus in the field
                  onClick={() => send(option.name)}
                >
                  {option.id ? (
                    <img
                      className="gg-combo__thumb"
                      src={`${urls.thumbs}${option.id}/thumb.webp`}
                      width={24}
                      height={24}
                      alt=""
                      loading="lazy"
                      decoding="async"
                    />
                  ) : (
                    <span className="gg-combo__thumb gg-combo__thumb--none" aria-hidden="true" />
                  )}
                  <bdi className="gg-combo__name">{option.name}</bdi>
                  {option.en && (
                    <span className="gg-combo__en" lang="en">
                      {option.en}
                    </span>
                  )}
                </li>
              ))}
          </ul>
        </div>
        <button
          type="submit"
          className="button button--primary gg-form__submit"
          aria-disabled={busy}
        >
          {strings.submit}
        </button>
      </div>
      {open && names && value.trim() && options.length === 0 && (
        <p className="gg-combo__empty">{strings.noMatches}</p>
      )}
    </form>
  );
}
