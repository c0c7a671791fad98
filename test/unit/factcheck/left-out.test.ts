import { describe, expect, it } from 'vitest';
import { parseHTML } from 'linkedom';
import { languageReason, looksLikeCode, RoleIndex } from '@/lib/factcheck/left-out';
import { readMarkupRoles } from '@/lib/pages/markup-roles';

/** A sentence that is its own paragraph, in the middle of its page. */
const alone = (s: string, at = 0.5) => languageReason(s, { paragraph: s, at, fiction: false });
/** A sentence inside a longer paragraph. */
const inProse = (s: string, at = 0.5) => languageReason(s, { paragraph: `${s} And more text follows here.`, at, fiction: false });

describe('what is not a claim, from language: each rule on its own', () => {
  it('datelines: a publication or update word with a date or time, in four languages', () => {
    expect(alone('CNNMoney (New York) First published February 1, 2016: 1:28 AM ET')).toBe('dateline');
    expect(alone('Posted on Tuesday 15 October 2019 at 09:11 by Bradley M. Kuhn.')).toBe('dateline');
    expect(alone('Veröffentlicht am 3. März 2020, 14:05 Uhr')).toBe('dateline');
    expect(alone('Publié le 12 janvier 2021 à 08:30')).toBe('dateline');
    expect(alone('Actualizado el 5 de mayo de 2022, 10:15')).toBe('dateline');
    // A statement that says something was published, with a figure that is not a date, is a claim.
    expect(inProse('U.S. Games has about 50 decks in print and has published hundreds over the years.')).toBeNull();
  });

  it('bylines: "By" and a name, with roles in brackets, in four languages; "By the 15th century" is prose', () => {
    expect(alone('By Jane Smith and John Doe')).toBe('byline');
    expect(alone('by Annie Correal (reporting) and Todd Heisler (photography)')).toBe('byline');
    expect(alone('Von Anna Müller und Jan Schmidt')).toBe('byline');
    expect(alone('Par Marie Dubois, envoyée spéciale')).toBe('byline');
    expect(alone('Por Carlos García Pérez')).toBe('byline');
    expect(inProse('By the 15th century, tarot cards were widely used for popular trick-taking games.')).toBeNull();
  });

  it('captions and credits: a credit word with a colon or "by", a copyright sign, glued credits', () => {
    expect(alone('Photo: Jane Smith for The Daily Example')).toBe('caption');
    expect(inProse('The water had seeped underground.CreditCreditChang W. Lee')).toBe('caption');
    expect(alone('© 2019 Example Press, all rights reserved')).toBe('caption');
    expect(alone('Foto: Anna Müller / Beispielverlag')).toBe('caption');
    expect(alone('Crédit : Marie Dubois pour le Journal')).toBe('caption');
    expect(alone('Imagen: Carlos García para el Diario')).toBe('caption');
  });

  it("author bios: the writer's job or joining as one, near the page's end only", () => {
    const bio = 'He joined The Times in 2007 as a feature writer and later covered politics.';
    expect(inProse(bio, 0.9)).toBe('bio');
    expect(inProse('Lucas Nolan is a reporter for Example Tech covering issues of free speech.', 0.95)).toBe('bio');
    expect(inProse('Anna Müller ist Redakteurin im Ressort Wirtschaft seit 2015.', 0.9)).toBe('bio');
    expect(inProse('Marie Dubois est journaliste au service politique depuis 2010.', 0.9)).toBe('bio');
    expect(inProse('Carlos García es periodista de la sección de economía desde 2012.', 0.9)).toBe('bio');
    expect(inProse('Since joining The Post, he has covered economics, China, foreign policy and energy.', 0.95)).toBe('bio');
    // The same words early in an article are about someone in the story.
    expect(inProse(bio, 0.3)).toBeNull();
  });

  it('headings: a paragraph of a few capitalised words with no closing punctuation', () => {
    expect(alone('Federal Interest Costs Will Soon Surpass Military Spending')).toBe('heading');
    expect(alone('Data model')).toBe('heading');
    // A sentence in prose, or a paragraph that ends as a sentence, is not a heading.
    expect(alone('The federal government could soon pay more in interest than it spends on the military.')).toBeNull();
  });

  it('code and command lines: a prompt or a command, or symbols more than words', () => {
    expect(looksLikeCode('$ npm install --save spanlight')).toBe(true);
    expect(looksLikeCode('sudo apt-get install chromium')).toBe(true);
    expect(looksLikeCode('var res = new Response(new File(["chunk"], "a.zip", { type: "application/zip" }));')).toBe(true);
    expect(alone('git clone https://example.org/repo.git')).toBe('code');
    expect(looksLikeCode('The program cost $4.5 million in 2019 (about 3% of the budget).')).toBe(false);
  });

  it('questions and instructions, in four languages', () => {
    expect(inProse('Will the federal deficit double by 2030?')).toBe('question');
    expect(inProse('¿Cuánto costará el nuevo puente en 2025?')).toBe('question');
    expect(inProse('Click here to subscribe to our weekly newsletter today.')).toBe('instruction');
    expect(inProse('Klicken Sie hier, um den Newsletter zu abonnieren.')).toBe('instruction');
    expect(inProse('Cliquez ici pour recevoir notre lettre chaque semaine.')).toBe('instruction');
    expect(inProse('Haga clic aquí para recibir el boletín semanal.')).toBe('instruction');
  });

  it('dialogue: quoted speech is left out on a page that reads as fiction, kept as a claim elsewhere', () => {
    const line = '“The mill closed in 1984,” she said.';
    expect(languageReason(line, { paragraph: line, at: 0.5, fiction: true })).toBe('dialogue');
    expect(inProse(line)).toBeNull();
  });

  it('fragments: too short or too few words to state one thing', () => {
    expect(inProse('Yes, 2019.')).toBe('fragment');
    expect(inProse('Revenue rose sharply.')).toBe('fragment');
  });
});

describe('what is not a claim, from markup', () => {
  const { document } = parseHTML(`<!doctype html><html><head>
    <meta property="article:section" content="Short Stories"></head><body>
    <h2>Interest costs are rising fast</h2>
    <figure><img src="x.png"><figcaption>The Capitol in 2019. Congress met there for 40 days.</figcaption></figure>
    <p class="byline"><a rel="author" href="/a">Jane Smith</a></p>
    <pre>npm run build && npm test</pre>
    <p>Run <code>npm test</code> before you commit, always.</p>
    <time datetime="2019-03-04">March 4, 2019</time>
    <div class="author-bio">Jane Smith covers Congress for the Example Post since 2015.</div>
  </body></html>`);
  const roles = readMarkupRoles(document as unknown as Document);
  const index = new RoleIndex(roles);

  it("reads each role's texts, and the page's genre", () => {
    expect(roles.texts.heading).toContain('Interest costs are rising fast');
    expect(roles.texts.caption).toContain('The Capitol in 2019. Congress met there for 40 days.');
    expect(roles.texts.code).toEqual(['npm run build && npm test']);
    expect(roles.texts.byline).toContain('Jane Smith');
    expect(roles.texts.dateline).toContain('March 4, 2019');
    expect(roles.texts.bio).toContain('Jane Smith covers Congress for the Example Post since 2015.');
    expect(roles.genre).toBe('short stories');
    expect(index.fiction).toBe(true);
  });

  it('a sentence of a caption is a caption, inline code in prose is not a code line, other prose has no role', () => {
    expect(index.roleOf('Congress met there for 40 days.', 'x')).toBe('caption');
    expect(index.roleOf('Interest costs are rising fast', 'Interest costs are rising fast')).toBe('heading');
    expect(index.roleOf('Run npm test before you commit, always.', 'Run npm test before you commit, always.')).toBeUndefined();
    expect(index.roleOf('Jane Smith covers Congress for the Example Post since 2015.', 'x')).toBe('bio');
    expect(index.roleOf('Congress passed the bill in 2019 by 230 votes.', 'x')).toBeUndefined();
  });
});
