/**
 * The one strict JSON kit of the plugin: {@link io.perfgate.json.JsonValue} reads a file and every error it
 * reports names the file and the JSON path of the offending field, so {@code results.json}, baselines,
 * {@code report.json} and JMH's own JSON all fail the same way; {@link io.perfgate.json.JsonWriting} holds what
 * the writers share. Each reader translates {@link io.perfgate.json.JsonFormatException} into its own domain
 * exception once, so the messages keep one layout: {@code <file>: field '<path>': <problem>}.
 */
package io.perfgate.json;
