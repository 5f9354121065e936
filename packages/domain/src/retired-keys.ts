/**
 * Catalogue keys that are no longer in the catalogue (docs/catalogue-keys.md, "The contract" and
 * "Merged duplicates"): each names the item it was, by its names, so that an agreement stored or
 * exported before can still be keyed and moved, and the keys it is now recorded under. A retired
 * key is never given to another item (the template generator refuses it).
 */

/** One retired option: what it was called and where its tick goes now. */
export interface RetiredOption {
  /** The retired key. */
  key: string;
  /** Its category's, subject's and option's names when it was retired (original names). */
  names: readonly [category: string, subject: string, option: string];
  /**
   * The option keys that now record the same agreement: a tick of the retired option ticks each
   * of them and its subject.
   */
  into: readonly string[];
  /** Why, for the next engineer and the migration's report. */
  reason: string;
}

/** The retired options, oldest first. */
export const RETIRED_OPTIONS: readonly RetiredOption[] = [
  {
    key: 'sl.quantitative.4nt',
    names: ['Slam Bidding', 'Quantitative notrump raises', '4NT over notrump invites 6NT'],
    into: ['nt.4nt.quantitative', 'sl.quantitative.4ntOther'],
    reason: 'recorded 4NT over 1NT twice (with "4NT response to 1NT" › "Quantitative")',
  },
  {
    key: 'df.vsStaymanTransfer.doubleLead',
    names: ['Defensive Bidding vs Their Openings', 'Versus their Stayman or transfer', 'Double: lead-directing'],
    into: ['db.leadDirecting.artificial'],
    reason: 'recorded the lead-directing double of Stayman or a transfer twice (with "Lead-directing doubles")',
  },
  {
    key: 'sl.5nt.gsf',
    names: ['Slam Bidding', 'Forcing 5NT', 'Grand Slam Force'],
    into: ['sl.gsf.josephine'],
    reason: 'recorded 5NT as the Grand Slam Force twice (with "Grand Slam Force" › "5NT without 4NT")',
  },
  {
    key: 'nt.runouts.systemsOn',
    names: ['Notrump Openings', 'Runouts after their double of 1NT', 'Systems on'],
    into: ['nt.systemsOn.double'],
    reason: 'recorded systems on over a double of 1NT twice (with "Systems on after interference over 1NT" › "Over a double")',
  },
];
