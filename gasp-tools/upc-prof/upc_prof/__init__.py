"""upc-prof's modules (the command is bin/upc-prof; docs/gasp-tools.md).

  reports  reading reports and checking their run and threads
  schema   the report formats' schemas (profile.schema.json,
           trace.schema.json, from gasp-tools/formats/) and their validator
  merge    merging profile reports (thread summaries, timelines, comm)
  views    the views of a profile: rollups, spread over the threads,
           categories, overhead, communication
  formats  the text of values; tables: the columns and their rendering
  text     the text report; page: the web page's data (report.html)
  traces   merging trace reports and OTF2 archives
  atomic   writing a file whole or not at all; errors: upc-prof's error
"""
