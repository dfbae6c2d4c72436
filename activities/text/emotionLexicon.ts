/**
 * A compact word–emotion lexicon over Plutchik's eight basic emotions, written for this service (the widely
 * used NRC lexicon is licensed for research only). Entries are lemmas, so inflected forms match.
 */
export const EMOTIONS = ['joy', 'trust', 'fear', 'surprise', 'sadness', 'disgust', 'anger', 'anticipation'] as const;
export type Emotion = (typeof EMOTIONS)[number];

const WORDS: Record<Emotion, string> = {
  joy: `happy happiness joy joyful delight delighted delightful glad pleased pleasure love lovely enjoy enjoyable fun
    fantastic wonderful great excellent amazing awesome brilliant superb cheerful celebrate celebration smile laugh
    thrilled excited exciting grateful thankful thanks satisfied satisfaction perfect beautiful best win won success
    successful proud pride relief relieved comfortable peaceful bliss ecstatic glee content fabulous marvelous terrific`,
  trust: `trust trusted trustworthy reliable reliability honest honesty dependable faithful loyal loyalty confident
    confidence secure safe safety sure certain credible professional competent helpful support supportive consistent
    stable recommend recommended respect respected genuine authentic guarantee guaranteed friendly responsive fair
    transparent accurate solid`,
  fear: `fear afraid scared scary frighten frightened frightening terrified terror panic anxious anxiety worry worried
    nervous danger dangerous threat threaten risk risky alarm alarming dread horror horrible unsafe insecure uncertain
    uncertainty vulnerable crisis emergency warn warning doubt concerned concern tense stress stressful nightmare`,
  surprise: `surprise surprised surprising unexpected unexpectedly sudden suddenly shock shocked shocking astonish
    astonished astonishing amaze amazed stunned startle startled wow unbelievable incredible remarkable unusual
    strange odd bizarre whoa`,
  sadness: `sad sadness unhappy sorrow sorry grief grieve mourn cry tear tears lonely alone depressed depression
    miserable heartbroken disappoint disappointed disappointing disappointment regret loss lose lost hopeless gloomy
    unfortunate unfortunately hurt pain painful suffer suffering miss despair upset down tragic tragedy`,
  disgust: `disgust disgusted disgusting gross nasty awful terrible horrible revolting repulsive vile filthy dirty
    rotten sick sickening yuck ugly offensive distasteful hate hateful contempt despise shameful cheap sleazy toxic
    appalling pathetic worst garbage trash`,
  anger: `angry anger mad furious fury rage outrage outraged annoy annoyed annoying irritate irritated irritating
    frustrate frustrated frustrating frustration hostile hate resent resentment infuriate infuriating livid
    aggravate aggravating unacceptable ridiculous rude insult insulting scam cheat cheated betray betrayed
    complain complaint fed blame`,
  anticipation: `anticipate anticipation expect expectation await eager hope hopeful hoping soon upcoming plan
    planned future tomorrow prepare ready excited curious wait waiting looking forward next promise promising
    launch coming goal aim intend expect`,
};

export const EMOTION_LEXICON: ReadonlyMap<string, readonly Emotion[]> = (() => {
  const map = new Map<string, Emotion[]>();
  for (const emotion of EMOTIONS) {
    for (const word of WORDS[emotion].split(/\s+/).filter(Boolean)) {
      const list = map.get(word) ?? [];
      if (!list.includes(emotion)) list.push(emotion);
      map.set(word, list);
    }
  }
  return map;
})();
