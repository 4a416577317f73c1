import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import { addedMessage } from './added-message';

/** The message as a user in `lng` reads it. */
function text(lng: string, added: number, already: number): string | undefined {
  const message = addedMessage(added, already);
  return message ? i18n.getFixedT(lng)(message.key, message.values) : undefined;
}

describe('the confirmation of an addition to the cart (issue 19)', () => {
  it('counts what was added, with the plural of each language', () => {
    expect(text('de', 1, 0)).toBe('1 Medium zum Warenkorb hinzugefügt.');
    expect(text('de', 12, 0)).toBe('12 Medien zum Warenkorb hinzugefügt.');
    expect(text('en', 12, 0)).toBe('12 assets added to the cart.');
    expect(text('fr', 1, 0)).toBe('1 média ajouté au panier.');
    expect(text('fr', 12, 0)).toBe('12 médias ajoutés au panier.');
  });

  it('says how many of those asked for were in the cart already', () => {
    expect(text('de', 9, 3)).toBe('9 Medien zum Warenkorb hinzugefügt; 3 waren schon darin.');
    expect(text('de', 11, 1)).toBe('11 Medien zum Warenkorb hinzugefügt; 1 war schon darin.');
    expect(text('en', 1, 2)).toBe('1 asset added to the cart; 2 were already in it.');
    expect(text('fr', 2, 1)).toBe('2 médias ajoutés au panier ; 1 s’y trouvait déjà.');
    expect(addedMessage(9, 3)?.severity).toBe('success');
  });

  it('answers even when everything was there already, and says nothing when nothing was asked', () => {
    expect(text('de', 0, 12)).toBe('Alle 12 Medien sind schon im Warenkorb.');
    expect(text('de', 0, 1)).toBe('Dieses Medium ist schon im Warenkorb.');
    expect(addedMessage(0, 12)?.severity).toBe('info');
    expect(addedMessage(0, 0)).toBeNull();
  });
});
