import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { checkRemoteOnly } from './remote-only';

/**
 * The remote-only check judged in context (docs/decisions/0453): the expert going to the task's place
 * passes, someone coming to the client or doing physical work for them in person is refused.
 */

const PASSES: readonly string[] = [
  'I cannot visit the flat myself. Please visit the apartment and send photos of every room.',
  'A verified local expert visits the apartment, photographs the kitchen and bathroom and writes a short report.',
  'Go to the garage on Elm Street and check whether the car starts, then record a video of the engine running.',
  'Please inspect the property on site and tell me if the roof leaks.',
  'Check the car at the dealer: photos of the tyres, the odometer and any scratches.',
  'Drive to the lot where the truck is parked and document the rust under the doors.',
  'I live abroad. Travel to the cabin by the lake and photograph the storm damage.',
  'Be there at 10 am when the landlord opens the unit and film a walkthrough.',
  'Physically check the sofa for stains and tears before I pay the seller.',
  'Verify in person that the listed washer and dryer are actually in the unit.',
  'Visit my rental house in Austin and assess the condition of the floors after the tenants left.',
  'Arrive at the storage unit, open it with the code I send you and take pictures of the boxes.',
  'Meet the seller at the parking lot and inspect the motorcycle before I buy it.',
  'Look at the bike and deliver photos and a written assessment.',
  'Go to the auction preview and verify the serial number on the tractor.',
  'Stop by the dealership and confirm the car listed online is really on the lot.',
  'Check whether the cleaners did a good job and whether the flat needs cleaning again.',
  'Tell me what it would cost to repair the fence; do not fix anything yourself.',
  'Inspect the house on-site and report anything that needs to be fixed before closing.',
  'Make sure the package was delivered to the lobby and photograph it.',
];

const REFUSED: readonly [description: string, phrases: string][] = [
  ['Please come to my house on Friday and look at the boiler with me.', '"come to my"'],
  ['Can someone come over and help me hang the curtains this weekend?', '"come over"'],
  ['Meet me at the coffee shop so I can hand you the documents.', '"meet me"'],
  ['Pick up my dry cleaning from the shop on 5th Avenue.', '"pick up"'],
  ['Deliver the birthday cake to my sister before 6 pm.', '"deliver"'],
  ['I need someone to clean my apartment before the guests arrive.', '"clean"'],
  ['Please move my furniture from the living room to the garage.', '"move my furniture"'],
  ['Inspect the kitchen sink and fix the leak under it.', '"fix"'],
  ['Stop by my place tomorrow and reset my router for me.', '"stop by my place"'],
  ['Visit my elderly mother twice a week and keep her company for an hour.', '"visit my elderly mother"'],
  ['Walk my dog every morning while I am travelling for work.', '"walk my dog"'],
  ['Drive me to the airport on Monday at 5 am, I have two suitcases.', '"drive me"'],
  ['Run some errands for me downtown: post office, bank and pharmacy.', '"run some errands"'],
  ['Could you assemble the IKEA wardrobe I ordered and send a photo when done?', '"assemble"'],
  ['We need a cleaning service for the flat after the tenants moved out.', '"cleaning service"'],
  ['Bring the keys to my office before noon, I will be waiting at reception.', '"bring the keys to my office"'],
  ['Please be at my place at 9 to let the plumber in and watch him work.', '"be at my place"'],
  ['Help me paint the bedroom walls this Saturday, I will buy the paint.', '"paint"'],
  ['Drop the signed contract off at the notary and bring back the copy.', '"drop the signed contract off"'],
  ['Mow the lawn at the house and check the sprinklers while you are there.', '"mow"'],
];

describe('the remote-only check judges in-person wording in context', () => {
  it('holds at least 30 descriptions, half passing and half refused', () => {
    expect(PASSES.length + REFUSED.length).toBeGreaterThanOrEqual(30);
    expect(PASSES.length).toBe(REFUSED.length);
  });

  it.each(PASSES)('passes the expert going to the task\'s place: %s', (description) => {
    expect(checkRemoteOnly({ title: 'Inspection', description }).errors).toEqual([]);
  });

  it.each(REFUSED)('refuses a service to the client in person: %s', (description, phrases) => {
    expect(checkRemoteOnly({ title: 'Help needed', description }).errors).toEqual([
      messages.tasks.inPersonServices.replace('{phrases}', phrases),
    ]);
  });
});
