import { describe, expect, it } from 'vitest';
import { mapLisRoles } from '../../../src/modules/lti/launch.js';

const M = 'http://purl.imsglobal.org/vocab/lis/v2/membership';

describe('LIS roles to course roles (LTI 1.3 A.2)', () => {
  it.each([
    [[`${M}#Instructor`], 'INSTRUCTOR'],
    [[`${M}#Administrator`], 'INSTRUCTOR'],
    [[`${M}/Administrator#Administrator`], 'INSTRUCTOR'],
    [[`${M}/Instructor#PrimaryInstructor`], 'INSTRUCTOR'],
    [[`${M}/Instructor#TeachingAssistant`], 'TEACHING_ASSISTANT'],
    // A sub-role comes with its principal role; the assistant stays an assistant.
    [[`${M}#Instructor`, `${M}/Instructor#TeachingAssistant`], 'TEACHING_ASSISTANT'],
    [[`${M}/Instructor#TeachingAssistantSection`], 'TEACHING_ASSISTANT'],
    [[`${M}/Instructor#Grader`], 'TEACHING_ASSISTANT'],
    [[`${M}#TeachingAssistant`], 'TEACHING_ASSISTANT'],
    // Issue 34: a TeachingAssistant principal with a sub-role of its own (Moodle mappings).
    [[`${M}/TeachingAssistant#TeachingAssistantSection`], 'TEACHING_ASSISTANT'],
    // The context's administrator owns the course whatever else is said.
    [[`${M}/Instructor#TeachingAssistant`, `${M}#Administrator`], 'INSTRUCTOR'],
    [[`${M}#Learner`], 'LEARNER'],
    [[`${M}/Learner#Learner`], 'LEARNER'],
    [[`${M}#Learner`, `${M}#Instructor`], 'INSTRUCTOR'],
    // Simple names of context roles, which A.2.3 allows.
    [['Instructor'], 'INSTRUCTOR'],
    [['TeachingAssistant'], 'TEACHING_ASSISTANT'],
    [['Learner'], 'LEARNER'],
    [['Administrator'], 'INSTRUCTOR'],
  ] as const)('%j → %s', (roles, expected) => {
    expect(mapLisRoles(roles)).toBe(expected);
  });

  it.each([
    [[]],
    [[`${M}#Mentor`]],
    [[`${M}#ContentDeveloper`]],
    // Institution and system roles say nothing about this course.
    [['http://purl.imsglobal.org/vocab/lis/v2/institution/person#Instructor']],
    [['http://purl.imsglobal.org/vocab/lis/v2/system/person#Administrator']],
    [['http://purl.imsglobal.org/vocab/lis/v2/institution/person#Student']],
    // LTI 1.1 URNs are not LTI 1.3 roles.
    [['urn:lti:role:ims/lis/Instructor']],
    [[`${M}#instructor`]],
    [[`${M}/Instructor`]],
  ] as const)('%j → null', (roles) => {
    expect(mapLisRoles(roles)).toBeNull();
  });
});
