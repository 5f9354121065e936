/**
 * Help page `/instructions` (docs/product.md §2 "Instructions: static help covering features, dashboard and
 * editor"). The facts come from the spec: trial limits (section 1), editing rules (section 4),
 * colour markup and suit shorthand (section 1, docs/product.md §D5), subscriber features (sections 1 and 6).
 */
import { Link } from 'react-router';
import { ADD_OPTION_LABEL, ADD_SUBJECT_LABEL, CATEGORY_COUNT, SUBSCRIBER_AGREEMENT_COUNT, TEMPLATE_COUNT, TRIAL_CATEGORY_NAMES } from '@bpa/domain/constants';
import { PALETTE } from '@bpa/domain/markup';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PATHS } from '@bpa/domain/paths';

const SECTIONS = [
  { id: 'features', title: 'What you can do' },
  { id: 'dashboard', title: 'The dashboard' },
  { id: 'editor', title: 'The agreement editor' },
  { id: 'names-and-colours', title: 'Editing names and colouring text' },
  { id: 'adding', title: 'Adding your own subjects and options' },
  { id: 'pdf', title: 'Making the PDF' },
  { id: 'trial', title: 'Free trial limits' },
  { id: 'subscribers', title: 'For subscribers' },
  { id: 'partners', title: 'Sharing with your partner' },
  { id: 'history', title: 'History, merging and restoring' },
  { id: 'review', title: 'Reviewing with your partner and comparing agreements' },
  { id: 'export', title: 'Export and import' },
] as const;

/** The suit shorthand of docs/product.md §D5: typed text and the symbol it becomes. */
const SUIT_SHORTHAND = [
  { typed: '!s', symbol: '♠', name: 'spades', isRed: false },
  { typed: '!h', symbol: '♥', name: 'hearts', isRed: true },
  { typed: '!d', symbol: '♦', name: 'diamonds', isRed: true },
  { typed: '!c', symbol: '♣', name: 'clubs', isRed: false },
] as const;

/** The five colours of the palette (docs/product.md §1, 9), for the colour list. */
const COLOURS = [
  { name: 'black', hex: '#000000' },
  { name: 'red', hex: '#c83349' },
  { name: 'blue', hex: PALETTE[3] },
  { name: 'green', hex: '#248507' },
  { name: 'orange', hex: PALETTE[5] },
] as const;

function SectionHeading({ id }: { id: (typeof SECTIONS)[number]['id'] }) {
  const section = SECTIONS.find((candidate) => candidate.id === id);
  return <h2 id={id}>{section?.title}</h2>;
}

export default function InstructionsPage() {
  useDocumentTitle('Instructions');
  const [firstTrialCategory, secondTrialCategory] = TRIAL_CATEGORY_NAMES;
  return (
    <div className="row py-4 instructions">
      <div className="col-12 col-lg-3">
        <nav aria-label="On this page" className="instructions-toc">
          <p className="instructions-toc-title">On this page</p>
          <ul>
            {SECTIONS.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <article className="col-12 col-lg-9 instructions-body">
        <h1>Instructions</h1>
        <p className="lead-text">How to build a partnership agreement (convention card) for each of your partners and print it as an easy-to-read PDF.</p>

        <section aria-labelledby="features">
          <SectionHeading id="features" />
          <p>
            An agreement has a name and {CATEGORY_COUNT} categories, such as opening bids, notrump openings, overcalls, and doubles and redoubles. Each category
            holds <strong>subjects</strong> (for example a convention), and each subject holds <strong>options</strong> (the way you play it). You tick the
            subjects and options you and your partner have agreed, change any wording, colour what matters, and make a PDF that shows only what you ticked.
          </p>
          <ul>
            <li>
              Subjects in <strong>bold</strong> match the items of the ACBL convention card; subjects in <em>italics</em> match a well-known book of 25 bridge
              conventions.
            </li>
            <li>Your PDF lists the categories with Roman numerals and keeps the order of the editor.</li>
          </ul>
        </section>

        <section aria-labelledby="dashboard">
          <SectionHeading id="dashboard" />
          <p>The dashboard lists your agreements in a table with three columns:</p>
          <ul>
            <li>
              <strong>Agreement Name</strong>: the name of the agreement, usually your partner's name.
            </li>
            <li>
              <strong>Edit Name</strong>: rename the agreement: press its edit button, type the new name, then save it or cancel.
            </li>
            <li>
              The action column: <strong>Edit Agreement</strong> opens the agreement in the editor; <strong>Load a Template</strong> (subscribers only) replaces
              the agreement with one of the templates.
            </li>
          </ul>
          <p>
            In the free trial your agreement starts with nothing ticked and stays in this browser, even when you go back to the home page, until you press{' '}
            <strong>Start over</strong> on the trial dashboard (it asks first).
          </p>
        </section>

        <section aria-labelledby="editor">
          <SectionHeading id="editor" />
          <p>
            On the left, a card shows the agreement you are working on (or <em>Agreement is not Loaded</em>) and below it the list of categories. Choose a
            category to see its subjects on the right.
          </p>
          <h3>Ticking subjects and options</h3>
          <ul>
            <li>Tick the check box of a subject to include it in your agreement; untick it to leave it out.</li>
            <li>
              <strong>Expanding options:</strong> ticking a subject opens its options underneath. You can also show or hide the options of a subject with the
              arrow beside it, without changing its tick.
            </li>
            <li>Ticking an option also ticks its subject, since an option belongs to the subject.</li>
            <li>
              <strong>Select all</strong> ticks every subject and option of the chosen category at once; untick the few you do not play.{' '}
              <strong>Clear all</strong> unticks them all.
            </li>
            <li>
              <strong>Undo</strong> takes back your last change (a tick, Select all, Clear all, a new name), and <strong>Redo</strong> brings it back: the
              buttons under the agreement's name, or the keys Ctrl+Z and Ctrl+Shift+Z (Ctrl+Y also redoes; ⌘ on a Mac). You can go back a hundred steps.
            </li>
            <li>Locked subjects are fixed parts of the card: they cannot be ticked, unticked or renamed.</li>
          </ul>
        </section>

        <section aria-labelledby="names-and-colours">
          <SectionHeading id="names-and-colours" />
          <p>
            Any subject or option name can be changed: press its edit button, change the text, then press <strong>Save</strong> (or <strong>Cancel</strong> to
            keep the old name). A name you save is ticked for you.
          </p>
          <h3>Colouring text</h3>
          <p>Select part of the text while editing and choose a colour. Five colours are available:</p>
          <ul className="colour-list">
            {COLOURS.map((colour) => (
              <li key={colour.name}>
                <span className="colour-swatch" style={{ backgroundColor: colour.hex }} aria-hidden="true" />
                {colour.name}
              </li>
            ))}
          </ul>
          <p>The PDF shows the same colours. Line breaks are removed from names, so each name stays one paragraph.</p>
          <h3>Suit symbols</h3>
          <p>Type an exclamation mark and the first letter of the suit; the editor and the PDF show the suit symbol, hearts and diamonds in red:</p>
          <div className="table-scroll">
            <table className="comparison-table suit-table">
              <caption className="visually-hidden">Suit shorthand</caption>
              <thead>
                <tr>
                  <th scope="col">You type</th>
                  <th scope="col">You see</th>
                </tr>
              </thead>
              <tbody>
                {SUIT_SHORTHAND.map((suit) => (
                  <tr key={suit.typed}>
                    <td>
                      <code>{suit.typed}</code>
                    </td>
                    <td>
                      <span className={suit.isRed ? 'suit-red' : undefined} aria-hidden="true">
                        {suit.symbol}
                      </span>{' '}
                      {suit.name}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p>
            For example <code>1!h - 2NT</code> reads as 1<span className="suit-red">♥</span> - 2NT. Capital letters work too (<code>!S</code>).
          </p>
        </section>

        <section aria-labelledby="adding">
          <SectionHeading id="adding" />
          <p>
            The last row of every category is <strong>{ADD_SUBJECT_LABEL}</strong>, and the last option of every subject is <strong>{ADD_OPTION_LABEL}</strong>.
            Edit that row, type the name and save: your new subject or option is added and ticked, and a fresh {ADD_SUBJECT_LABEL} or {ADD_OPTION_LABEL} row
            appears below it for the next one. A new subject starts with one {ADD_OPTION_LABEL} row of its own.
          </p>
        </section>

        <section aria-labelledby="pdf">
          <SectionHeading id="pdf" />
          <p>
            Press <strong>Make PDF</strong> in the editor. The PDF is made on the server and downloads by itself; it holds the ticked subjects and options of
            every category in which you ticked something, with your names, colours and suit symbols. You can also look at it in the PDF viewer before you print
            it.
          </p>
          <p>
            <strong>Print options</strong>, beside Make PDF, sets how it prints; this browser remembers your choice:
          </p>
          <ul>
            <li>
              <strong>Letter</strong> or <strong>A4</strong> paper.
            </li>
            <li>
              <strong>Detailed</strong> (two columns), <strong>Compact</strong> (smaller and denser, to fit a card holder) or <strong>Large print</strong> (one
              column, large type and larger suit symbols).
            </li>
            <li>
              <strong>Four-colour suits</strong>: ♠ black, ♥ red, ♦ orange, ♣ green, so clubs and spades are never confused.
            </li>
            <li>The legend under the title, which says what bold and italic mean; the footer prints the date and, for a saved agreement, its version.</li>
            <li>
              Type your and your partner’s names under <strong>Players</strong> in the editor: they print under the title.
            </li>
            <li>
              <strong>ACBL card (classic)</strong> and <strong>ACBL card (2022)</strong> print the agreement on the ACBL’s own convention card, the one
              tournament directors accept: ranges in their boxes, ticks in the form’s boxes, the card you lead circled; announced items are blue and alertable
              ones red. What the card has no field for goes to a numbered supplementary sheet (“see S3”); you are told what before the download. In the trial
              the card shows the two trial categories.
            </li>
          </ul>
        </section>

        <section aria-labelledby="trial">
          <SectionHeading id="trial" />
          <ul>
            <li>One agreement.</li>
            <li>
              Two of the {CATEGORY_COUNT} categories can be opened: <strong>{firstTrialCategory}</strong> and <strong>{secondTrialCategory}</strong>. The others
              are listed but marked as part of the full program.
            </li>
            <li>Nothing is saved on the server: your trial agreement stays in this browser only, so make your PDF to keep a copy.</li>
            <li>The trial starts from a blank agreement; templates are not available.</li>
          </ul>
          <p>
            <Link to={PATHS.trial}>Start the free trial</Link>
          </p>
        </section>

        <section aria-labelledby="subscribers">
          <SectionHeading id="subscribers" />
          <ul>
            <li>
              {SUBSCRIBER_AGREEMENT_COUNT} agreements, one for each of your partners, with all {CATEGORY_COUNT} categories.
            </li>
            <li>
              Your changes are saved on the server. When you leave the editor with unsaved changes, you are asked first:{' '}
              <em>Press OK to proceed without saving changes.</em>
            </li>
            <li>
              {TEMPLATE_COUNT} templates to start from: Blank, Basic Precision, Modern Standard American, Basic 2 over 1 Game Forcing, Bridge World Standard and
              LC Standard. Loading a template replaces the agreement completely, so you are asked to confirm.
            </li>
            <li>Rename each agreement from the dashboard.</li>
          </ul>
          <p>This product is no longer for sale and registration is disabled; if you already have an account, you can still sign in.</p>
        </section>

        <section aria-labelledby="partners">
          <SectionHeading id="partners" />
          <p>An agreement belongs to both of you. Share it so you both read, change and print the same card, never an old copy.</p>
          <ul>
            <li>
              On the dashboard press <strong>Share</strong> beside an agreement (or <strong>Share with partner</strong> in the editor), type your partner’s
              email and choose <strong>Can edit</strong> or <strong>Can view</strong>. Up to four partners per agreement.
            </li>
            <li>
              A partner without an account gets an email to choose a password. <strong>Partner accounts are free</strong>: they see only what is shared with
              them, under <strong>Shared with me</strong> on their dashboard, and shared agreements never count towards anyone’s five.
            </li>
            <li>You can change a partner’s access or stop sharing at any time; it takes effect at once.</li>
            <li>
              A <strong>read-only link</strong> shows the latest saved version to anyone who has it, with Download PDF, without signing in: handy for your
              profile on an online-play site. It shows no email address. Replace it or revoke it whenever you like.
            </li>
            <li>If your subscription ends, your partners can still read and print what you shared; editing waits until you renew.</li>
          </ul>
        </section>

        <section aria-labelledby="history">
          <SectionHeading id="history" />
          <ul>
            <li>
              Every save is kept as a version, with who made it, when, and what changed (for example “ticked 3, renamed 1 in Overcalls”). Press{' '}
              <strong>History</strong> in the editor to see them.
            </li>
            <li>
              Open an old version to see how it differs from yours, download its PDF, or <strong>Restore this version</strong>: it becomes the current version,
              and nothing is deleted.
            </li>
            <li>
              If your partner saved while you were editing, your changes are combined with theirs when you save, and the editor tells you (“Merged with Anna’s
              changes from 14:02: 3 items”).
            </li>
            <li>
              Only when you both changed the same item differently are you asked, item by item, which version to keep; your changes stay on screen until you
              choose.
            </li>
            <li>Every version of the last 90 days is kept; older ones are kept one per day.</li>
          </ul>
        </section>
        <section aria-labelledby="review">
          <SectionHeading id="review" />
          <h3>What changed since you last looked</h3>
          <ul>
            <li>When your partner has changed a shared agreement since you last opened it, the dashboard shows how many changes wait beside it.</li>
            <li>
              In the editor, the items your partner ticked, unticked, renamed or added are highlighted, and the <strong>Changes since your last visit</strong>{' '}
              panel lists them by category, with who changed them and when. Choose a line to go to the item. Your own changes are never highlighted.
            </li>
            <li>
              <strong>Mark all as seen</strong> clears the list; opening the agreement again later shows only what changed after that.
            </li>
          </ul>
          <h3>Agreed or to discuss</h3>
          <ul>
            <li>
              Press <strong>Agree or discuss</strong> beside any subject or option to mark it <strong>Agreed</strong> or <strong>To discuss</strong>, with a
              note of up to 1,000 characters if you like (the suit shorthand works there too). You both see both partners’ marks.
            </li>
            <li>If your partner changes an item you had marked, your mark goes back to “to discuss”: look at it again.</li>
            <li>
              Under each item in the <strong>To discuss</strong> list, <strong>Reply</strong> to talk it over: you both see the thread, and you can edit or
              remove your own replies. Marking the item agreed settles it.
            </li>
            <li>
              The <strong>To discuss</strong> list gathers the open items with their notes, and <strong>Only items to discuss</strong> shows just those subjects
              in the editor.
            </li>
            <li>
              Tick <strong>Add the discussion sheet</strong> before <strong>Make PDF</strong> to print a last page listing the items to discuss with both
              partners’ notes, to take to your next session together. The normal PDF, and the read-only link, never show marks or notes.
            </li>
            <li>
              When your partner has the agreement open too, the editor says <strong>Also here now</strong>, and what they save appears in your editor within a
              second, merged with your unsaved edits. If you both changed the same item, Save asks you which to keep.
            </li>
            <li>
              We email you when a partner marks an item to discuss or replies under one, and once a day at most with what partners changed. Choose which emails
              you get for each agreement with <strong>Email notices</strong> in the editor, or follow the link at the end of any of them.
            </li>
          </ul>
          <h3>Comparing agreements</h3>
          <ul>
            <li>
              Press <strong>Compare agreements</strong> on the dashboard and choose any two: your own, ones shared with you, a template (what did I change from
              the template I started with?), or, from <strong>History</strong>, an earlier version of the same agreement.
            </li>
            <li>
              The comparison lists, category by category, the subjects one agreement plays and the other does not, the subjects both play with different
              options, items only renamed, and items one of you has not recorded. Categories that say the same collapse to one line.
            </li>
            <li>
              Side by side on a wide screen, one under the other on a phone. <strong>Download as PDF</strong> prints a compact “What’s different” sheet.
            </li>
          </ul>
        </section>
        <section aria-labelledby="export">
          <SectionHeading id="export" />
          <ul>
            <li>
              On the dashboard press <strong>Export or import</strong> beside an agreement (under <strong>Shared with me</strong>, <strong>Export</strong> when
              you may only view it). <strong>Download JSON</strong> keeps everything about it, the player names too; <strong>Download CSV</strong> gives a
              spreadsheet in the same format as the templates (without the player names).
            </li>
            <li>
              To bring an agreement back, or into another of your five, choose a file there and press <strong>Import</strong>: a JSON or CSV you exported, or a
              PDF made by this site, the convention card included (every PDF carries its agreement inside). After the confirmation it replaces that agreement;
              the version before stays in <strong>History</strong>.
            </li>
            <li>If the file cannot be read you are told why, with the line or field, and nothing changes.</li>
          </ul>
        </section>
      </article>
    </div>
  );
}
